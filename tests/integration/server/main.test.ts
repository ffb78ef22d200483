import { createServer as createHttpServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { paths } from '../../../server/paths.ts';
import { sharedContentApi } from '../../helpers/app.ts';
import { spawnServer } from '../../helpers/spawned-server.ts';

const root = paths().root;

/** What an OTLP/HTTP JSON export carries, as far as the test reads it. */
interface OtlpTraces {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { spans: { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number }[] }[];
  }[];
}

/** A GET's status once its body is read: the server then holds no response open for this client. */
async function statusAfterBody(url: string) {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.status;
}

/** What only the embedded content API loads: its chunk (the one import() of the start-up) and its dependencies. */
const contentApiOnly = () => {
  const chunk = /import\("\.\/(chunks\/embedded-[^"]+\.js)"\)/.exec(
    readFileSync(join(root, 'dist/server/main.js'), 'utf8'),
  )?.[1];
  expect(chunk).toBeDefined();
  return ['/minisearch/', '/@orama/stemmers/', '/pdfkit/', '/fflate/', `/dist/server/${chunk}`];
};

/** The variables that record every module the server loads (tests/helpers/record-modules.mjs). */
function recorder() {
  const dir = mkdtempSync(join(tmpdir(), 'glacier-modules-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'modules.txt');
  return {
    env: { NODE_OPTIONS: `--import=${join(root, 'tests/helpers/record-modules.mjs')}`, RECORD_MODULES_TO: file },
    /** the module URLs, once the server has exited */
    loaded: () => readFileSync(file, 'utf8').split('\n'),
  };
}

// a start of the compiled server takes a few seconds, far more on a busy machine: each test waits for its answers
describe('the compiled server (dist/server/main.js)', { timeout: 60_000 }, () => {
  it('runs with no configuration on the embedded content API until a clean SIGTERM exit', async () => {
    const modules = recorder();
    const server = await spawnServer(modules.env);
    const { origin } = server;
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    const page = await fetch(`${origin}/news`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Новости');
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const lines = server
      .logs()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; route?: string; status?: number; reqId?: string });
    // the request line names the page's route id, as the metrics label does
    const requestLine = lines.find((l) => l.msg === 'request' && l.route === 'news-list');
    expect(requestLine).toMatchObject({ status: 200, reqId: expect.any(String) });
    expect(lines.find((l) => l.msg === 'request' && l.route === '/healthz')).toMatchObject({ status: 200 });
    expect(lines.some((l) => l.msg === 'shutting down')).toBe(true);
    // the embedded content API came in through its import()
    const loaded = modules.loaded();
    for (const only of contentApiOnly())
      expect(
        loaded.some((url) => url.includes(only)),
        only,
      ).toBe(true);
  });

  it('never loads the content API or its dependencies with UPSTREAM_URL set; renders the map in place and preloads its outlines', async () => {
    const modules = recorder();
    const server = await spawnServer({ UPSTREAM_URL: (await sharedContentApi()).url, ...modules.env });
    const { origin } = server;
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);
    // the process's first render of the map's code: in place, not streamed hidden at the end for a script to move
    const home = await (await fetch(`${origin}/en`)).text();
    expect(home).toMatch(/<div class="glacier-block__map"><!--\$--><svg /);
    expect(home).not.toContain('$RC(');
    // the WGMS page preloads the outlines its stylesheet draws, which it serves
    const html = await (await fetch(`${origin}/en/resources/tools/wgms`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const href = /<link rel="preload" href="([^"]+)" as="image" fetchPriority="high"\/>/.exec(head)?.[1];
    expect(href).toMatch(/^\/assets\/central-asia-map\.generated-[\w-]+\.svg$/);
    const stylesheets = [...head.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
    const css = await Promise.all(stylesheets.map(async (sheet) => (await fetch(origin + sheet)).text()));
    // the same URL, so the browser draws the preloaded response instead of fetching the image again
    expect(css.join('\n')).toContain(`url(${href})`);
    const image = await fetch(origin + href!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    await image.arrayBuffer();
    // the body read: a response still streaming to the client holds the graceful close until its grace delay
    expect(await statusAfterBody(`${origin}/news`)).toBe(200);
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const loaded = modules.loaded();
    expect(loaded.some((url) => url.includes('/dist/server/chunks/app-'))).toBe(true);
    for (const only of contentApiOnly()) expect(loaded.filter((url) => url.includes(only))).toEqual([]);
    // no OTEL_* variable: the OpenTelemetry SDK is never loaded (the API alone is)
    expect(loaded.filter((url) => /\/@opentelemetry\/(sdk-|exporter-)/.test(url))).toEqual([]);
  });

  it('with the OTEL_* variables set, exports its spans over OTLP/HTTP (http/json): a server span and its client calls', async () => {
    const received: OtlpTraces[] = [];
    const collector = createHttpServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (req.url === '/v1/traces') received.push(JSON.parse(body) as OtlpTraces);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => void collector.close());
    const { port: collectorPort } = collector.address() as AddressInfo;
    const server = await spawnServer({
      UPSTREAM_URL: (await sharedContentApi()).url,
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'glacier-test',
    });
    expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);
    expect(await statusAfterBody(`${server.origin}/en/news`)).toBe(200);
    // a clean exit flushes what the batch processor holds
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const resources = received.flatMap((r) => r.resourceSpans);
    expect(resources.length).toBeGreaterThan(0);
    for (const resource of resources)
      expect(resource.resource.attributes).toContainEqual({
        key: 'service.name',
        value: { stringValue: 'glacier-test' },
      });
    const spans = resources.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
    const page = spans.find((s) => s.name === 'GET news-list');
    expect(page).toBeDefined();
    // OTLP's span kinds: 2 server, 3 client
    expect(page?.kind).toBe(2);
    const clients = spans.filter((s) => s.traceId === page?.traceId && s.kind === 3);
    expect(clients.length).toBeGreaterThan(1);
  });

  it('refuses to start on an invalid variable, naming it', async () => {
    const refused = await spawnServer({ PORT: 'eighty', UPSTREAM_TIMEOUT_MS: '-1' }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(refused).toMatch(/^the server exited with 1 before it listened/);
    expect(refused).toContain('PORT');
    expect(refused).toContain('UPSTREAM_TIMEOUT_MS');
  });
});
