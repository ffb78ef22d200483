import { loadContent } from '../../server/content-api/store.ts';
import { paths } from '../../server/paths.ts';

/** The sample content the embedded content API serves, as typed records (both locales). */
export const content = loadContent(paths().content);
export type Content = typeof content;
