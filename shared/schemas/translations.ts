import { z } from 'zod';

/** `/api/v1/translations`: response field `data` is a key → text dictionary. */
export const TranslationsResponse = z.object({ data: z.record(z.string(), z.string()) });
