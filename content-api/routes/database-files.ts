import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { CRYOSPHERE_FILES_PER_PAGE } from '../../shared/constants.ts';
import { DatabaseFileSchema } from '../../shared/schemas/database-files.ts';
import { byDateDesc, PageQuery, servePage } from '../http.ts';
import { localizers, madeAs } from '../localize.ts';
import type { Content } from '../store.ts';

type FileRecord = Content['database-files'][number];

const oneOf = (values: string[]) => z.enum(values);

/** A file made from no series is a sample (localize.ts): it is listed after the files with data (ADR 0126). */
const isSample = (f: FileRecord) => f.glaciers.length === 0;

/**
 * The file database: one filter set (type, year, country, tag, language, q) for the three list calls. Every list
 * gives the files with data first and the samples after them, each group newest first.
 */
export const databaseFileRoutes =
  (content: Content): FastifyPluginAsync =>
  async (app) => {
    const l = localizers(content);
    const newest = byDateDesc((f: FileRecord) => f.published_at);
    const files = [...content['database-files']].sort(
      (a, b) => Number(isSample(a)) - Number(isSample(b)) || newest(a, b),
    );
    const Filters = PageQuery.extend({
      type: oneOf(content['database-file-types'].map((t) => t.slug)).optional(),
      year: z.coerce.number().int().min(1900).max(2100).optional(),
      country: oneOf(content.countries.map((c) => c.slug)).optional(),
      tag: oneOf(content.tags.map((t) => t.slug)).optional(),
      language: oneOf(content.languages.map((x) => x.code)).optional(),
      q: z.string().trim().max(200).optional(),
    });
    type Filters = z.output<typeof Filters>;

    const matches = (f: FileRecord, q: Filters) =>
      (!q.type || f.type === q.type) &&
      (!q.year || f.year === q.year) &&
      (!q.country || f.country === q.country) &&
      (!q.tag || f.tags.includes(q.tag)) &&
      (!q.language || f.language === q.language) &&
      (!q.q ||
        `${f.title.ru} ${f.title.en} ${f.description.ru} ${f.description.en}`
          .toLowerCase()
          .includes(q.q.toLowerCase()));

    const list = <S extends z.ZodType<Filters>>(
      path: string,
      query: S,
      only?: (f: FileRecord, q: z.output<S>) => boolean,
    ) =>
      servePage(app, path, {
        query,
        records: files,
        select: (records, q) => records.filter((f) => (!only || only(f, q)) && matches(f, q)),
        made: madeAs(DatabaseFileSchema, l.databaseFile),
      });
    list('/api/v1/database-files/index', Filters);
    list('/api/v1/country-database-files', Filters.extend({ country: Filters.shape.country.unwrap() }));
    const CryoFilters = Filters.extend({
      per_page: z.coerce.number().int().min(1).max(100).default(CRYOSPHERE_FILES_PER_PAGE),
      subpage: oneOf(content['cryosphere-subpages'].map((s) => s.slug)).optional(),
    });
    list(
      '/api/v1/cryosphere-database-files',
      CryoFilters,
      (f, q) => f.cryosphere !== null && (!q.subpage || f.cryosphere === q.subpage),
    );
  };
