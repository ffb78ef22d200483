import type { Locale } from '../../constants.ts';

/**
 * Searches the no-results page suggests: subjects the portal writes about in every section (each finds results in
 * the sample content: tests/integration/sections/visitor-paths.test.ts).
 */
export const SUGGESTED_SEARCHES: Record<Locale, readonly string[]> = {
  ru: ['ледник Абрамова', 'баланс массы', 'ледниковые озёра', 'снежный покров', 'многолетняя мерзлота'],
  en: ['Abramov Glacier', 'mass balance', 'glacial lakes', 'snow cover', 'permafrost'],
};
