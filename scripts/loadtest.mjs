// `npm run loadtest -- --url <base> [--duration 60] [--connections 100] [--metrics <url,url>] [--pages 150]`
// autocannon over a weighted mix of real URLs found by crawling the base (lists, details, payloads, search, both
// locales). Prints throughput, p50/p95/p99, errors by status, the cache outcomes of Varnish (X-CDN-Cache, with
// STACK_CDN=varnish) and the replicas (X-Cache, for what reached them), and the hit ratio per cache layer from the
// replicas' /metrics before and after. Aimed at 127.0.0.1; bounded by --duration.
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '100' },
    metrics: { type: 'string' },
    pages: { type: 'string', default: '150' },
  },
});
if (!args.url) {
  process.stderr.write(
    'usage: npm run loadtest -- --url http://127.0.0.1:8080 [--duration 60] [--connections 100] [--metrics url,url]\n',
  );
  process.exit(2);
}
const base = new URL(args.url).origin;
const duration = Number(args.duration);
const connections = Number(args.connections);
const maxPages = Number(args.pages);
const metricsUrls = (args.metrics ?? `${base}/metrics`).split(',').filter(Boolean);

/** Breadth-first over same-origin links of the HTML pages, from both locales' home pages. */
async function crawl() {
  const seen = new Set();
  const queue = ['/', '/en'];
  const pages = [];
  while (queue.length > 0 && pages.length < maxPages) {
    const path = queue.shift();
    if (seen.has(path)) continue;
    seen.add(path);
    const res = await fetch(base + path, { redirect: 'manual', headers: { 'accept-language': 'ru' } }).catch(
      () => undefined,
    );
    if (!res || res.status !== 200 || !(res.headers.get('content-type') ?? '').includes('text/html')) continue;
    pages.push(path);
    const html = await res.text();
    for (const [, href] of html.matchAll(/href="(\/[^"#]*)"/g)) {
      const link = href.replace(/&amp;/g, '&');
      if (/^\/(assets|media|builds|_)|\.(xml|json|svg|png|ico|css|js|pdf|csv|geojson|wav)(\?|$)/.test(link)) continue;
      if (!seen.has(link)) queue.push(link);
    }
  }
  return pages;
}

const kindOf = (path) => {
  const bare = path.replace(/^\/en(?=\/|$)/, '') || '/';
  if (bare.startsWith('/search')) return 'search';
  return bare.split('?')[0].split('/').filter(Boolean).length >= 2 && !/\?/.test(bare) ? 'detail' : 'list';
};

/** Prometheus text → summed cache_lookups_total by cache/layer/outcome (over every metrics URL). */
async function cacheCounters() {
  const totals = new Map();
  let reachable = 0;
  for (const url of metricsUrls) {
    const res = await fetch(url).catch(() => undefined);
    if (!res?.ok) continue;
    reachable += 1;
    for (const [, labels, value] of (await res.text()).matchAll(/^cache_lookups_total\{([^}]*)\} (\S+)$/gm)) {
      const l = Object.fromEntries([...labels.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      const key = `${l.cache} ${l.layer}`;
      const entry = totals.get(key) ?? {};
      entry[l.outcome] = (entry[l.outcome] ?? 0) + Number(value);
      totals.set(key, entry);
    }
  }
  return { totals, reachable };
}

const pick = (weights) => {
  let r = Math.random() * weights.reduce((n, [, w]) => n + w, 0);
  for (const [value, w] of weights) if ((r -= w) < 0) return value;
  return weights[0][0];
};

const buildId = (await (await fetch(`${base}/builds/latest.json`)).json()).id;
const crawled = await crawl();
const byKind = {
  list: [],
  detail: [],
  search: ['/search?q=ледник', '/en/search?q=glacier', '/search?q=снег', '/en/search?q=ice'],
};
for (const path of crawled) byKind[kindOf(path)].push(path);
const payloadOf = (path) => {
  const [pathname, query] = path.split('?');
  return `${pathname.replace(/\/$/, '')}/_payload.json?${buildId}${query ? `&${query}` : ''}`;
};
const weights = [
  ['list', 25],
  ['detail', 30],
  ['payload', 30],
  ['search', 15],
].filter(([kind]) => kind === 'payload' || byKind[kind].length > 0);
const any = (list) => list[Math.floor(Math.random() * list.length)];
const mix = Array.from({ length: 500 }, () => {
  const kind = pick(weights);
  const path = kind === 'payload' ? payloadOf(any([...byKind.list, ...byKind.detail])) : any(byKind[kind]);
  return { kind, path };
});

/** autocannon sends the path as given: make it ASCII (links may already be percent-encoded). */
function safeDecode(path) {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

const cacheStatus = new Map();
const cdnStatus = new Map();
const count = (map, value) => map.set(value, (map.get(value) ?? 0) + 1);
const latencies = [];
process.stdout.write(
  `loadtest ${base}: ${crawled.length} pages crawled (${byKind.list.length} lists, ${byKind.detail.length} details), ` +
    `build ${buildId}, ${connections} connections for ${duration} s\n`,
);
const before = await cacheCounters();
const instance = autocannon({
  url: base,
  connections,
  duration,
  requests: mix.map(({ path }) => ({
    method: 'GET',
    path: encodeURI(safeDecode(path)),
    onResponse: (_status, _body, _context, headers) => {
      const cdn = headers?.['x-cdn-cache'] ?? headers?.['X-CDN-Cache'];
      if (cdn !== undefined) count(cdnStatus, cdn);
      // a Varnish hit did not reach a replica (the header is the one a replica sent when Varnish fetched the copy)
      if (cdn !== 'HIT') count(cacheStatus, headers?.['x-cache'] ?? headers?.['X-Cache'] ?? 'none');
    },
  })),
});
instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
const result = await instance;
const after = await cacheCounters();

latencies.sort((a, b) => a - b);
const pct = (p) =>
  latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : NaN;
const statuses = Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => `${code}: ${s.count}`);
const lines = [
  '',
  `requests     ${result.requests.total} in ${result.duration} s = ${result.requests.average.toFixed(0)} req/s (${(result.throughput.average / 1e6).toFixed(1)} MB/s)`,
  `latency      p50 ${pct(50).toFixed(1)} ms · p95 ${pct(95).toFixed(1)} ms · p99 ${pct(99).toFixed(1)} ms · max ${result.latency.max} ms`,
  `statuses     ${statuses.join(' · ') || 'none'}; errors ${result.errors}, timeouts ${result.timeouts}`,
  `mix          ${weights.map(([k, w]) => `${k} ${w}%`).join(' · ')}`,
  ...(cdnStatus.size > 0 ? [`varnish      ${[...cdnStatus].map(([k, n]) => `${k}: ${n}`).join(' · ')}`] : []),
  `replicas     ${[...cacheStatus].map(([k, n]) => `${k}: ${n}`).join(' · ')}`,
];
if (after.reachable === 0) lines.push(`cache layers (no metrics at ${metricsUrls.join(', ')}; pass --metrics)`);
else
  for (const [key, now] of after.totals) {
    const was = before.totals.get(key) ?? {};
    const d = Object.fromEntries(Object.entries(now).map(([o, v]) => [o, v - (was[o] ?? 0)]));
    const lookups = (d.hit ?? 0) + (d.miss ?? 0) + (d.stale ?? 0);
    const ratio = lookups > 0 ? `${(((d.hit ?? 0) / lookups) * 100).toFixed(1)} % hits` : 'no lookups';
    lines.push(
      `cache ${key.padEnd(14)} ${ratio} (hit ${d.hit ?? 0}, miss ${d.miss ?? 0}${d.stale ? `, stale ${d.stale}` : ''})`,
    );
  }
process.stdout.write(lines.join('\n') + '\n');
