import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Locale, LOCALES } from '../../shared/constants.ts';
import { WGMS_CITATION, WGMS_TERMS, WGMS_TERMS_URL } from '../../shared/glacier-data.ts';
import { LOCALE_INFO } from '../../shared/locales.ts';
import { escapeRegExp } from '../../shared/reg-exp.ts';
import { sendErrorJson } from '../http/error-document.ts';
import { glacierCsv, glacierList, glacierRecord } from './glacier-data.ts';
import {
  CSV_COLUMNS,
  DATA_API_VERSION,
  dataApiSchemas,
  ErrorSchema,
  GlacierListSchema,
  GlacierRecordSchema,
  SLUG_PATTERN,
} from './glacier-data-schemas.ts';
import { regionCsv, regionRecord } from './region-data.ts';
import { REGION_CSV_COLUMNS, RegionComparisonSchema } from './region-data-schemas.ts';

/** The cache policy of every `/data/…` answer. */
export const DATA_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';
/** The header every data answer states its API version in. */
const API_VERSION_HEADER = 'api-version';
export const OPENAPI_PATH = '/data/openapi.json';

/** The headers of every data answer: its cache policy, its API version and where the API is described (RFC 8631). */
const dataAnswerHeaders = (origin: string) => ({
  'cache-control': DATA_CACHE,
  [API_VERSION_HEADER]: DATA_API_VERSION,
  link: `<${origin}${OPENAPI_PATH}>; rel="service-desc"`,
});

/**
 * What an operation answers with: JSON shaped by one of the schemas, or a CSV table (its columns; like every CSV of the
 * API it opens with a title line and the version's line, `#` comments).
 */
type Answer = { json: z.ZodType } | { csv: CsvAnswer };
type CsvAnswer = { columns: readonly string[]; description: string };

/**
 * The body of an operation's answer to a request under a locale's prefix (`base`: the origin and that prefix; `slug`:
 * the path's, '' in a path without one), null where there is none (404).
 */
type Serve = (request: FastifyRequest, locale: Locale, base: string, slug: string) => Promise<unknown>;

/**
 * One operation of the data API, under each locale prefix (`''` Russian, `/en` English): what the document says of it
 * and how its route answers. Its `{slug}` is the path parameter `slug`; an operation with a parameter may answer 404.
 * Adding an operation: one entry here, with its schema registered in `dataApiSchemas`.
 */
interface Operation {
  id: string;
  path: `/data/${string}`;
  summary: string;
  answer: Answer;
  serve: Serve;
  /** a file's name, a download (`{slug}` the path's): its JSON indented, with a Content-Disposition */
  download?: string;
}

/** A record the API gives as JSON (`get{id}Json`) and as one CSV table (`get{id}Csv`), at `path` + `.json`, `.csv`. */
function dataFile<R>(file: {
  id: string;
  path: `/data/${string}`;
  summary: string;
  json: z.ZodType;
  csv: CsvAnswer;
  download: string;
  record: (...args: Parameters<Serve>) => Promise<R | null>;
  table: (record: R, locale: Locale) => string;
}): Operation[] {
  const { id, path, download, record } = file;
  return [
    {
      id: `get${id}Json`,
      path: `${path}.json`,
      summary: file.summary,
      answer: { json: file.json },
      serve: record,
      download: `${download}.json`,
    },
    {
      id: `get${id}Csv`,
      path: `${path}.csv`,
      summary: 'The same as one CSV table',
      answer: { csv: file.csv },
      serve: async (request, locale, base, slug) => {
        const found = await record(request, locale, base, slug);
        return found && file.table(found, locale);
      },
      download: `${download}.csv`,
    },
  ];
}

const DATA_OPERATIONS: readonly Operation[] = [
  {
    id: 'listGlaciers',
    path: '/data/glaciers.json',
    summary: 'Every glacier of the map, with the URLs of the files of those that have a series',
    answer: { json: GlacierListSchema },
    serve: glacierList,
  },
  ...dataFile({
    id: 'Glacier',
    path: '/data/glaciers/{slug}',
    summary: 'A glacier’s annual mass balance and geodetic elevation change, each figure with its source',
    json: GlacierRecordSchema,
    csv: {
      columns: CSV_COLUMNS,
      description:
        'RFC 4180 with a header row; `series` is mass_balance (one row a year) or elevation_change (one row a ' +
        'period). Before it, `#` comment lines: the glacier, the API version, the citation, the terms, the ' +
        'references (read with `comment="#"` in pandas, `comment.char = "#"` in R).',
    },
    download: 'wgms-{slug}',
    record: glacierRecord,
    table: glacierCsv,
  }),
  ...dataFile({
    id: 'ReferenceComparison',
    path: '/data/region/reference-cumulative',
    summary: 'The WGMS reference glaciers compared: each one’s cumulative balance by year, and their mean',
    json: RegionComparisonSchema,
    csv: {
      columns: REGION_CSV_COLUMNS,
      description:
        'RFC 4180 with a header row; `series` is glacier (a row per glacier and measured year) or reference_mean ' +
        '(a row per year, with the number of glaciers it averages). Before it, `#` comment lines: the title, the ' +
        'API version, what the columns hold, the citation, the terms.',
    },
    download: 'wgms-reference-cumulative',
    record: regionRecord,
    table: regionCsv,
  }),
];

const TAG: Record<Locale, { name: string; description: string }> = {
  ru: { name: 'ru', description: 'Names and descriptions in Russian (the paths without a prefix)' },
  en: { name: 'en', description: 'Names and descriptions in English (the paths under /en)' },
};

/** JSON Schema of zod's integers without the ±2^53 bounds zod adds (every JSON integer the API gives is far inside). */
const dropSafeIntegerBounds = ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
};

/** The components of the document: every schema of `dataApiSchemas`, JSON Schema 2020-12 (OpenAPI 3.1's dialect). */
function generateComponentSchemas() {
  const { schemas } = z.toJSONSchema(dataApiSchemas, {
    target: 'draft-2020-12',
    io: 'output',
    uri: (id) => `#/components/schemas/${id}`,
    override: dropSafeIntegerBounds,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $id: _id, $schema: _schema, ...schema }]) => [id, schema]),
  );
}

const COMPONENT_SCHEMAS = generateComponentSchemas();

const ref = (schema: z.ZodType) => {
  const id = dataApiSchemas.get(schema)?.id;
  if (!id) throw new Error('a data API answer schema must be registered in dataApiSchemas');
  return { $ref: `#/components/schemas/${id}` };
};

const answerHeaders = {
  [API_VERSION_HEADER]: {
    description: 'The version of the data API the answer follows',
    schema: { type: 'string', const: DATA_API_VERSION },
  },
  link: {
    description: 'Where this document is: `<…/data/openapi.json>; rel="service-desc"` (RFC 8631)',
    schema: { type: 'string', pattern: `^<https?://[^>]+${escapeRegExp(OPENAPI_PATH)}>; rel="service-desc"$` },
  },
};

/** One CSV line in a JSON Schema pattern: its text, then CRLF. */
const csvLine = (pattern: string) => `${pattern}\\r\\n`;
const COMMENT_LINE = csvLine('#[^\\r\\n]*');

/**
 * A CSV answer: a string whose head the pattern checks (the glacier's line, the version's line, more `#` lines, the
 * header row).
 */
const csvSchema = ({ columns, description }: CsvAnswer) => ({
  type: 'string',
  contentMediaType: 'text/csv',
  description,
  pattern:
    '^' +
    COMMENT_LINE +
    csvLine(`# [^\\r\\n]*: ${escapeRegExp(DATA_API_VERSION)}`) +
    `(?:${COMMENT_LINE})*` +
    csvLine(escapeRegExp(columns.join(','))),
});

function operationObject(op: Operation, locale: Locale) {
  const content =
    'json' in op.answer
      ? { 'application/json': { schema: ref(op.answer.json) } }
      : { 'text/csv': { schema: csvSchema(op.answer.csv) } };
  const parameterized = op.path.includes('{slug}');
  return {
    operationId: locale === 'ru' ? op.id : `${op.id}_${locale}`,
    summary: op.summary,
    tags: [TAG[locale].name],
    ...(parameterized ? { parameters: [{ $ref: '#/components/parameters/Slug' }] } : {}),
    responses: {
      '200': { description: op.summary, headers: answerHeaders, content },
      ...(parameterized
        ? {
            '404': {
              description: 'No glacier with this slug, or one without a series',
              content: { 'application/json': { schema: ref(ErrorSchema) } },
            },
          }
        : {}),
    },
  };
}

/** The OpenAPI 3.1 document of the data API, with the site's own origin as its server. */
function openApiDocument(origin: string) {
  const paths = Object.fromEntries(
    LOCALES.flatMap((locale) =>
      DATA_OPERATIONS.map((op) => [LOCALE_INFO[locale].basename + op.path, { get: operationObject(op, locale) }]),
    ),
  );
  return {
    openapi: '3.1.1',
    info: {
      title: 'Glacier data API',
      version: DATA_API_VERSION,
      summary: 'The WGMS series of the glaciers of Central Asia the site publishes, each figure with its source',
      description:
        `Cite the data as WGMS asks: ${WGMS_CITATION}, and the papers each answer names. ` +
        `Terms: ${WGMS_TERMS}. Paths without a prefix give names and descriptions in Russian, under /en in English; ` +
        'keys, units and citations are the same in both. Every answer states its version in `api_version` ' +
        '(a comment line of the CSV) and in the API-Version header.',
      termsOfService: WGMS_TERMS_URL,
    },
    servers: [{ url: origin }],
    tags: LOCALES.map((locale) => TAG[locale]),
    paths,
    components: {
      schemas: COMPONENT_SCHEMAS,
      parameters: {
        Slug: {
          name: 'slug',
          in: 'path',
          required: true,
          description: 'The glacier’s slug, as /data/glaciers.json lists it',
          schema: { type: 'string', pattern: SLUG_PATTERN.source },
        },
      },
    },
  };
}

/**
 * `/data/openapi.json`, the document generated from the schemas the answers are shaped by, and every operation of
 * `DATA_OPERATIONS` under each locale prefix (ADR 0033).
 */
export const dataApiRoutes: FastifyPluginAsync = async (app) => {
  app.get(OPENAPI_PATH, async (request, reply) => {
    reply.header('cache-control', DATA_CACHE).header(API_VERSION_HEADER, DATA_API_VERSION);
    return openApiDocument(request.publicOrigin);
  });
  for (const locale of LOCALES)
    for (const op of DATA_OPERATIONS) {
      const prefix = LOCALE_INFO[locale].basename;
      app.get<{ Params: { slug?: string } }>(prefix + op.path.replace('{slug}', ':slug'), async (request, reply) => {
        const slug = request.params.slug ?? '';
        const origin = request.publicOrigin;
        const body = await op.serve(request, locale, origin + prefix, slug);
        if (body === null) return sendErrorJson(request, reply, 404, `No glacier data for ${slug}`);
        reply.headers(dataAnswerHeaders(origin));
        if (!op.download) return body;
        reply.header('content-disposition', `attachment; filename="${op.download.replace('{slug}', slug)}"`);
        if ('json' in op.answer)
          return reply.type('application/json; charset=utf-8').send(JSON.stringify(body, null, 2));
        return reply.type('text/csv; charset=utf-8; header=present').send(body);
      });
    }
};
