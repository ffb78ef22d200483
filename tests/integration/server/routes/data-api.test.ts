import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { WGMS_CITATION, WGMS_FOG_DOI } from '../../../../shared/glacier-data.ts';
import { DATA_API_VERSION } from '../../../../server/routes/glacier-data-schemas.ts';
import { DATA_CACHE, OPENAPI_PATH } from '../../../../server/routes/data-api.ts';
import { startTestApp } from '../../../helpers/app.ts';

const ORIGIN = 'https://cryo.example.org';
const { app } = await startTestApp({ config: { PUBLIC_ORIGIN: ORIGIN } });

interface MediaType {
  schema: object;
}
interface Response {
  headers?: Record<string, { schema: object }>;
  content: Record<string, MediaType>;
}
interface Document {
  openapi: string;
  info: { version: string };
  servers: { url: string }[];
  paths: Record<string, { get: { operationId: string; responses: Record<string, Response> } }>;
}

const served = await app.inject({ url: '/data/openapi.json' });
const document = JSON.parse(served.body) as Document;

/** The glaciers the list gives, those with a series (files) and those without (404). */
const list = JSON.parse((await app.inject({ url: '/data/glaciers.json' })).body) as {
  glaciers: { slug: string; has_series: boolean }[];
};
const withSeries = list.glaciers.filter((g) => g.has_series).map((g) => g.slug);
const withoutSeries = list.glaciers.filter((g) => !g.has_series).map((g) => g.slug);

/**
 * The document as a JSON Schema 2020-12 resource (OpenAPI 3.1's dialect), so that each answer is validated against
 * the schema at its own place in the document, `$ref`s to the components resolved as the document states them.
 */
const ajv = new Ajv2020({ strict: true, allErrors: true });
ajv.addVocabulary(['openapi', 'info', 'servers', 'tags', 'paths', 'components']);
ajv.addSchema(document, 'openapi.json');
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const validatorAt = (...parts: string[]) => ajv.compile({ $ref: `openapi.json#/${pointer(...parts)}` });

/** Every request the document describes: each path, its `{slug}` filled with every glacier's slug. */
const requests = Object.keys(document.paths).flatMap((path) =>
  path.includes('{slug}')
    ? [
        ...withSeries.map((slug) => ({ path, url: path.replace('{slug}', slug), status: '200' })),
        ...withoutSeries.map((slug) => ({ path, url: path.replace('{slug}', slug), status: '404' })),
        { path, url: path.replace('{slug}', 'no-such-glacier'), status: '404' },
      ]
    : [{ path, url: path, status: '200' }],
);

describe('the data API document', () => {
  it('is served at /data/openapi.json and validates as OpenAPI 3.1', async () => {
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^application\/json/);
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(served.body) as Record<string, unknown>);
    expect(result.valid, JSON.stringify(result.errors)).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is versioned, cached like the other data answers and names the site as its server', () => {
    expect(document.info.version).toBe(DATA_API_VERSION);
    expect(served.headers['api-version']).toBe(DATA_API_VERSION);
    expect(served.headers['cache-control']).toBe(DATA_CACHE);
    expect(document.servers).toEqual([{ url: ORIGIN }]);
  });

  it('documents the list, each glacier’s JSON and CSV and the reference comparison under both locale prefixes', () => {
    const paths = [
      '/data/glaciers.json',
      '/data/glaciers/{slug}.csv',
      '/data/glaciers/{slug}.json',
      '/data/region/reference-cumulative.csv',
      '/data/region/reference-cumulative.json',
    ];
    expect(Object.keys(document.paths).sort()).toEqual([...paths, ...paths.map((path) => `/en${path}`)].sort());
    const ids = Object.values(document.paths).map((p) => p.get.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents every data route the site serves', () => {
    const routes = [...app.printRoutes({ commonPrefix: false, method: 'GET' }).matchAll(/(\/(?:en\/)?data\/\S+) \(/g)];
    const documented = routes.map(([, url]) => url!.replace(/:(\w+)/g, '{$1}')).filter((url) => url !== OPENAPI_PATH);
    expect(documented.length).toBeGreaterThan(0);
    expect(documented.sort()).toEqual(Object.keys(document.paths).sort());
  });
});

describe('every documented operation answers as the document says', () => {
  it('the list names glaciers with and without a series', () => {
    expect(withSeries.length).toBeGreaterThan(0);
    expect(withoutSeries.length).toBeGreaterThan(0);
  });

  it.each(requests)('GET $url → $status', async ({ path, url, status }) => {
    const res = await app.inject({ url });
    expect(String(res.statusCode)).toBe(status);
    const response = document.paths[path]!.get.responses[status]!;
    const [mediaType] = Object.keys(response.content);
    expect(res.headers['content-type']).toMatch(new RegExp(`^${mediaType}`));
    const body: unknown = mediaType === 'application/json' ? JSON.parse(res.body) : res.body;
    const validate = validatorAt('paths', path, 'get', 'responses', status, 'content', mediaType!, 'schema');
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    for (const name of Object.keys(response.headers ?? {})) {
      const header = validatorAt('paths', path, 'get', 'responses', status, 'headers', name, 'schema');
      expect(header(res.headers[name]), `${name}: ${JSON.stringify(header.errors)}`).toBe(true);
    }
  });
});

it('the response schemas reject an answer without its version, with a field they do not name or other columns', async () => {
  const validate = validatorAt(
    'paths',
    '/data/glaciers.json',
    'get',
    'responses',
    '200',
    'content',
    'application/json',
    'schema',
  );
  const { api_version: _version, ...rest } = JSON.parse((await app.inject({ url: '/data/glaciers.json' })).body) as {
    api_version: string;
  };
  expect(validate({ ...rest, api_version: DATA_API_VERSION })).toBe(true);
  expect(validate(rest)).toBe(false);
  expect(validate({ ...rest, api_version: DATA_API_VERSION, extra: 1 })).toBe(false);
  // a CSV: its head (the version's line, the header row) is in its schema
  const csv = validatorAt(
    'paths',
    '/data/glaciers/{slug}.csv',
    'get',
    'responses',
    '200',
    'content',
    'text/csv',
    'schema',
  );
  const lines = (await app.inject({ url: `/data/glaciers/${withSeries[0]}.csv` })).body.split('\r\n');
  expect(csv(lines.join('\r\n'))).toBe(true);
  expect(csv(lines.filter((_, i) => i !== 1).join('\r\n'))).toBe(false);
  expect(csv(lines.map((l) => l.replace(/^series,year,/, 'year,')).join('\r\n'))).toBe(false);
});

describe('every answer carries its version and citation', () => {
  const slug = withSeries[0]!;

  it('JSON: api_version and the WGMS citation with its DOI, in both locales', async () => {
    for (const url of ['/data/glaciers.json', `/data/glaciers/${slug}.json`, `/en/data/glaciers/${slug}.json`]) {
      const body = JSON.parse((await app.inject({ url })).body) as { api_version: string; citation: string };
      expect(body.api_version, url).toBe(DATA_API_VERSION);
      expect(body.citation, url).toBe(WGMS_CITATION);
      expect(body.citation).toContain(WGMS_FOG_DOI);
    }
  });

  it('every answer names the document in a Link header, so a program finds it from any data URL', async () => {
    for (const url of ['/data/glaciers.json', `/en/data/glaciers/${slug}.json`, `/data/glaciers/${slug}.csv`]) {
      const res = await app.inject({ url });
      expect(res.headers.link, url).toBe(`<${ORIGIN}${OPENAPI_PATH}>; rel="service-desc"`);
      expect(res.headers['api-version'], url).toBe(DATA_API_VERSION);
    }
  });

  it('CSV: a comment line with the version beside the citation, in the language of the path', async () => {
    const ru = (await app.inject({ url: `/data/glaciers/${slug}.csv` })).body.split('\r\n');
    const en = (await app.inject({ url: `/en/data/glaciers/${slug}.csv` })).body.split('\r\n');
    expect(ru.slice(1, 3)).toEqual([`# Версия API данных: ${DATA_API_VERSION}`, `# Как цитировать: ${WGMS_CITATION}`]);
    expect(en.slice(1, 3)).toEqual([`# Data API version: ${DATA_API_VERSION}`, `# Citation: ${WGMS_CITATION}`]);
  });
});
