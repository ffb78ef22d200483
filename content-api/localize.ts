import type { z } from 'zod';
import type { Locale } from '../shared/constants.ts';
import type { Localized, MediaRef } from './content-schemas.ts';
import { databaseDownloads } from './files.ts';
import { image, mediaUrl, type Content } from './store.ts';

const isText = (value: object): value is Localized => 'ru' in value && 'en' in value;
const isMedia = (value: object): value is z.output<typeof MediaRef> => 'file' in value && 'alt' in value;

/** Every media reference inside a content value (a news item's image, a gallery's photos). */
export function mediaRefs(value: unknown, into: z.output<typeof MediaRef>[] = []): z.output<typeof MediaRef>[] {
  if (Array.isArray(value)) for (const v of value) mediaRefs(v, into);
  else if (typeof value === 'object' && value !== null) {
    if (isMedia(value)) into.push(value);
    else for (const v of Object.values(value)) mediaRefs(v, into);
  }
  return into;
}

/** A content value in one locale: each text in both locales its locale's text, each media reference its image. */
function inLocale(value: unknown, locale: Locale): unknown {
  if (Array.isArray(value)) return value.map((v) => inLocale(v, locale));
  if (typeof value !== 'object' || value === null) return value;
  if (isText(value)) return value[locale];
  if (isMedia(value)) return image(value, locale);
  return localized(value, locale);
}

/** A record of the content files in one locale (its fields as the content file has them, texts and images given). */
export const localized = (record: object, locale: Locale): Record<string, unknown> =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, inLocale(value, locale)]));

/** What an answer makes of a record in one locale. */
export type Made<R> = (record: R, locale: Locale) => unknown;

/**
 * A record as the shared schema of the answer gives it: the record in one locale, with `extra`'s fields (joined from
 * other files, or made) over its own; the schema keeps the fields it names.
 */
export const madeAs =
  <R extends object>(schema: z.ZodType, extra?: (record: R, locale: Locale) => object): Made<R> =>
  (record, locale) =>
    schema.parse({ ...localized(record, locale), ...extra?.(record, locale) });

/** The records of a file by a key, each given in one locale; undefined for a value no record has. */
function joined<R extends object>(records: readonly R[], key: (record: R) => string) {
  const byKey = new Map(records.map((record) => [key(record), record]));
  return (value: string, locale: Locale) => {
    const record = byKey.get(value);
    return record && localized(record, locale);
  };
}

/** The records several answers embed (a file's type, a course's language), found by the slug or code referring to them. */
export function localizers(content: Content) {
  const countries = joined(content.countries, (c) => c.slug);
  const types = joined(content['database-file-types'], (t) => t.slug);
  const tags = joined(content.tags, (t) => t.slug);
  const categories = joined(content['opportunity-categories'], (c) => c.slug);
  const languages = joined(content.languages, (l) => l.code);

  const language = (code: string, locale: Locale) => languages(code, locale) ?? { id: 0, code, title: code };
  const tagRefs = (slugs: string[], locale: Locale) => slugs.flatMap((slug) => tags(slug, locale) ?? []);
  const category = (slug: string, locale: Locale) => categories(slug, locale) ?? { id: 0, slug, title: slug };

  /** the first and last year of the series a data file is made from (null: a sample, or no series) */
  const seriesYears = (f: Content['database-files'][number]) => {
    const years = content.glaciers
      .filter((g) => f.glaciers.includes(g.slug))
      .flatMap((g) => g.mass_balance.map((p) => p.year));
    return years.length > 0 ? { from: Math.min(...years), to: Math.max(...years) } : null;
  };

  /** what a database file embeds or is given beside its record */
  const databaseFile = (f: Content['database-files'][number], locale: Locale) => ({
    type: types(f.type, locale) ?? { id: 0, slug: f.type, title: f.type },
    country: f.country ? (countries(f.country, locale) ?? null) : null,
    language: language(f.language, locale),
    tags: tagRefs(f.tags, locale),
    // the size of the file actually served, not the figure typed into the content file
    size_bytes:
      databaseDownloads(content['database-files'], content.glaciers).get(`${f.slug}.${f.format}`)?.body.length ?? 0,
    file_url: mediaUrl(`files/${f.slug}.${f.format}`),
    // made from no series: a sample of the portal, marked as one (files.ts)
    sample: f.glaciers.length === 0,
    series_years: seriesYears(f),
  });

  return { language, tagRefs, category, databaseFile };
}
