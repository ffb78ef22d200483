import { z } from 'zod';
import { dataList, TagRefSchema } from './common.ts';

export const CountrySchema = z.object({ id: z.number().int(), slug: z.string(), code: z.string(), title: z.string() });
export const CountriesResponse = dataList(CountrySchema);

export const TagSchema = TagRefSchema;
export const TagsResponse = dataList(TagSchema);

export const LanguageSchema = z.object({ id: z.number().int(), code: z.string(), title: z.string() });
export const LanguagesResponse = dataList(LanguageSchema);
