import type { Locale } from '../shared/constants.ts';
import type { DatabaseFile } from '../shared/schemas/database-files.ts';
import { databaseDownloads } from './files.ts';
import { image, mediaUrl, type Content } from './store.ts';

/** Localizers shared by several routes: a record of the content files → the response shape in one locale. */
export function localizers(content: Content) {
  const bySlug = <T extends { slug: string }>(items: T[]) => new Map(items.map((item) => [item.slug, item]));
  const countries = bySlug(content.countries);
  const types = bySlug(content['database-file-types']);
  const tags = bySlug(content.tags);
  const languages = new Map(content.languages.map((l) => [l.code, l]));

  const country = (slug: string, locale: Locale) => {
    const c = countries.get(slug);
    return c ? { id: c.id, slug: c.slug, code: c.code, title: c.title[locale] } : null;
  };
  const language = (code: string, locale: Locale) => {
    const l = languages.get(code);
    return l ? { id: l.id, code: l.code, title: l.title[locale] } : { id: 0, code, title: code };
  };
  const tagRefs = (slugs: string[], locale: Locale) =>
    slugs.flatMap((slug) => {
      const t = tags.get(slug);
      return t ? [{ id: t.id, slug: t.slug, title: t.title[locale] }] : [];
    });

  /** the first and last year of the series a data file is made from (null: a sample, or no series) */
  const seriesYears = (f: Content['database-files'][number]) => {
    const years = content.glaciers
      .filter((g) => f.glaciers.includes(g.slug))
      .flatMap((g) => g.mass_balance.map((p) => p.year));
    return years.length > 0 ? { from: Math.min(...years), to: Math.max(...years) } : null;
  };

  const databaseFile = (f: Content['database-files'][number], locale: Locale): DatabaseFile => {
    const type = types.get(f.type);
    return {
      id: f.id,
      slug: f.slug,
      title: f.title[locale],
      description: f.description[locale],
      type: type ? { id: type.id, slug: type.slug, title: type.title[locale] } : { id: 0, slug: f.type, title: f.type },
      year: f.year,
      country: f.country ? country(f.country, locale) : null,
      language: language(f.language, locale),
      tags: tagRefs(f.tags, locale),
      format: f.format,
      // the size of the file actually served, not the figure typed into the content file
      size_bytes:
        databaseDownloads(content['database-files'], content.glaciers).get(`${f.slug}.${f.format}`)?.body.length ?? 0,
      file_url: mediaUrl(`files/${f.slug}.${f.format}`),
      published_at: f.published_at,
      // made from no series: a sample of the portal, marked as one (files.ts)
      sample: f.glaciers.length === 0,
      series_years: seriesYears(f),
      glaciers: f.glaciers,
    };
  };

  return { country, language, tagRefs, databaseFile, image };
}
export type Localizers = ReturnType<typeof localizers>;
