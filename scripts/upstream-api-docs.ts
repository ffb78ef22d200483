// Writes docs/upstream-api.md from the running embedded content API: one example per call of SPEC §7.
// Run with `npx tsx scripts/upstream-api-docs.ts` after content or schemas change (a test keeps the list complete).
import { defaultContentDir } from '../content-api/config.ts';
import { writeFileSync } from 'node:fs';
import { calls, FEEDBACKS_PATH, type CallName } from '../shared/api/calls.ts';
import { startContentApi } from '../content-api/app.ts';
import { loadContent } from '../content-api/store.ts';
import { format, resolveConfig } from 'prettier';

const content = loadContent(defaultContentDir());
const examples: Partial<Record<CallName, { params?: Record<string, string | number>; query?: string; note: string }>> =
  {
    translations: { note: 'UI dictionary: key → text' },
    glaciers: {
      query: '?bounds=41,74,43,79',
      note: 'query `bounds=south,west,north,east` (degrees); glaciers without coordinates are only in the unbounded list',
    },
    massBalance: { params: { id: 2 }, note: 'annual glaciological balance, mm w.e., WGMS FoG' },
    elevationChange: { params: { id: 1 }, note: 'geodetic periods with unit, uncertainty and source' },
    databaseFiles: {
      query: '?type=dataset&per_page=1',
      note: 'query `page`, `per_page` (≤ 100), `type`, `year`, `country`, `tag`, `language`, `q`',
    },
    countryDatabaseFiles: {
      query: '?country=kyrgyzstan&per_page=1',
      note: 'query `country` (required) and the database-files filters',
    },
    cryosphereDatabaseFiles: { query: '?page=1&per_page=10', note: 'query `page`, `per_page` (default 10), `subpage`' },
    cryosphereSubpage: {
      params: { slug: content['cryosphere-subpages'][0]?.slug ?? 'glaciers' },
      note: "by slug or id; `items` are the subpage's articles",
    },
    news: { query: '?per_page=1', note: 'query `page`, `per_page`, `tag`, `year`; newest first' },
    newsItem: { params: { slug: content.news[0]?.slug ?? '' }, note: 'by slug or id; `body` is HTML' },
    newsLatest: { query: '?limit=1', note: 'query `limit` (1–20, default 3)' },
    events: {
      query: '?from=2026-11-22&order=asc&per_page=1',
      note: 'query `page`, `per_page`, `from`, `to` (YYYY-MM-DD), `order` (asc|desc)',
    },
    eventItem: { params: { slug: content.events[0]?.slug ?? '' }, note: 'by slug or id' },
    opportunities: {
      query: '?per_page=1',
      note: 'query `page`, `per_page`, `category`, `open=1` (deadline not passed)',
    },
    countryProfile: { params: { slug: 'kyrgyzstan' }, note: 'by slug or id' },
    videos: { query: '?per_page=1', note: 'query `page`, `per_page`' },
    video: { params: { slug: content.videos[0]?.slug ?? '' }, note: 'by slug or id' },
    photoGalleries: { query: '?per_page=1', note: 'query `page`, `per_page`' },
    photoGallery: { params: { slug: content['photo-galleries'][0]?.slug ?? '' }, note: 'by slug or id' },
    podcasts: { query: '?per_page=1', note: 'query `page`, `per_page`' },
    podcast: { params: { slug: content.podcasts[0]?.slug ?? '' }, note: 'by slug or id' },
    onlineCourses: { query: '?per_page=1', note: 'query `page`, `per_page`, `language`, `level`' },
    webinars: { query: '?when=upcoming&per_page=1', note: 'query `page`, `per_page`, `when` (upcoming|past)' },
    webinar: { params: { slug: content.webinars[0]?.slug ?? '' }, note: 'by slug or id' },
    partners: { query: '?per_page=1', note: 'query `page`, `per_page`; sorted by position' },
    search: {
      query: '?q=tuyuksu&types=glacier,page&per_page=1',
      note:
        'query `q` (required), `type` (one hit type), `page`, `per_page`; excerpt has <mark> around matches. An item ' +
        'is found by its words in either language and by Latin transliterations of its Russian words. Extensions of ' +
        'the embedded API: query `types` (hit types, comma-separated: hits of any of them; an upstream without it ' +
        'answers every type, and no `types` counts) and, in the answer, `types` (optional): the count of hits of ' +
        'each type the query has, whatever the filter; without it the BFF shows no type filter',
    },
  };

/** Lists cut to their first item and long strings cut, so each example stays readable. */
function trim(value: unknown, depth = 0): unknown {
  if (Array.isArray(value))
    return value.length > 2 && depth > 0
      ? [...value.slice(0, 2).map((v) => trim(v, depth + 1)), `… ${value.length - 2} more`]
      : value.slice(0, 3).map((v) => trim(v, depth + 1));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    const shown = entries.length > 12 ? [...entries.slice(0, 8), ['…', `${entries.length - 8} more keys`]] : entries;
    return Object.fromEntries(shown.map(([k, v]) => [k, trim(v, depth + 1)]));
  }
  if (typeof value === 'string' && value.length > 140) return `${value.slice(0, 137)}…`;
  return value;
}

const { app, url } = await startContentApi(0, { dataDir: 'data' });
let md = `# Upstream content API

The contract between the BFF and the content API (SPEC.md §7). Both sides use the zod schemas in \`shared/schemas/\`
and the call table in \`shared/api/calls.ts\`; the embedded content API (\`content-api/\`) implements it.

- Base: \`UPSTREAM_URL\` (the BFF calls \`{UPSTREAM_URL}/api/v1/...\`). Language: \`Accept-Language: ru|en\` (ru by default).
- Lists use one envelope: \`{ data: [...], meta: { current_page, per_page, total, last_page }, links: { first, last, prev, next } }\`.
  Other calls answer \`{ data: ... }\`. Extra fields are allowed; the BFF ignores what it does not know.
- Every item with a detail call has \`id\` and \`slug\`; detail calls accept either.
- Unknown slug or id: \`404 { message }\`. Bad query (page=0, per_page > 100, non-numeric ids, unknown filter values):
  \`422 { message, errors: { field: [message] } }\`.
- Rich text (\`body\`, \`intro\`) is HTML; the BFF sanitizes it when it enters its cache.
- Images and downloads are site-relative under \`/media/\` (the BFF proxies them).

Examples below were produced by \`npx tsx scripts/upstream-api-docs.ts\` (lists shortened).

`;
for (const name of Object.keys(calls) as CallName[]) {
  const def = calls[name] as { path: (p: unknown) => string };
  const example = examples[name];
  const path = def.path({ params: example?.params ?? {} });
  const res = await fetch(url + path + (example?.query ?? ''), { headers: { 'accept-language': 'en' } });
  const body = trim(await res.json());
  const shown = def.path({
    params: Object.fromEntries(Object.keys(example?.params ?? {}).map((k) => [k, `{${k}}`])),
  });
  md += `## GET ${decodeURIComponent(shown)}\n\n${example?.note ?? ''}${example?.note ? '\n\n' : ''}\`GET ${decodeURIComponent(path + (example?.query ?? ''))}\` → ${res.status}\n\n\`\`\`json\n${JSON.stringify(body, null, 2)}\n\`\`\`\n\n`;
}
md += `## POST ${FEEDBACKS_PATH}

Body \`{ name, email, feedback_type_id, message }\` (JSON). \`201 { data: { id, created_at } }\` once stored durably;
\`422 { message, errors }\` with translation keys (\`form.errors.required\`, \`form.errors.invalidEmail\`, \`form.errors.invalid\`)
when a field is missing or invalid or the type does not exist. The BFF never retries it and does not read the answer.
`;
// formatted as the rest of the repository (npm run format:check reads it too)
const options = (await resolveConfig('docs/upstream-api.md')) ?? {};
writeFileSync('docs/upstream-api.md', await format(md, { ...options, parser: 'markdown' }));
await app.close();
process.stdout.write('wrote docs/upstream-api.md\n');
