import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { beforeEach, expect, inject, vi } from 'vitest';
import { atFileEnd } from './file-end.ts';
import { buildApp, type AppDeps } from '../../server/app.ts';
import { configWith, type Config } from '../../server/config.ts';
import { startContentApi } from '../../content-api/app.ts';
import { createFeedbackStore } from '../../content-api/feedback-store.ts';
import { paths } from '../../server/paths.ts';
import { loadClientBuild } from '../../server/ssr/prod.ts';
import { forwardTo, json, startFakeUpstream, under } from './fake-upstream.ts';
import { mainOf } from './html.ts';

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/**
 * A pino logger that keeps its lines in memory, so tests can assert on what was logged; its stream also takes the
 * lines of a logger that is configured rather than given (the content API's).
 */
export function memoryLogger(level = 'debug') {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { logger: pino({ level }, stream), lines, stream };
}

let contentApi: Promise<{ url: string; close: () => Promise<void> }> | undefined;

/**
 * The embedded content API over real HTTP: the one the project's files share (tests/setup/content-api.ts; `close()`
 * leaves it running), or one of the file's own, closed after the file: outside a project with that setup, and in a
 * file that pinned `Date` (`pinDate()`), whose content API must answer "upcoming" and "open" by the same clock, so
 * it runs in the file's process.
 */
export function sharedContentApi() {
  const url = sharedUrl();
  if (url && !vi.isFakeTimers()) return Promise.resolve({ url, close: async () => {} });
  contentApi ??= startContentApi(0).then(({ app, url }) => {
    atFileEnd(async () => {
      contentApi = undefined;
      await app.close();
    });
    return { url, close: () => app.close() };
  });
  return contentApi;
}

function sharedUrl(): string {
  try {
    return inject('contentApiUrl') ?? '';
  } catch {
    return ''; // not inside a Vitest test file
  }
}

export interface TestAppOptions extends Partial<AppDeps> {
  config?: Partial<Config>;
}

/**
 * Resized images and share pictures, made once per build for the whole run (and kept for the next run): every app
 * started here renders the same pages, and sharp redoing them per test file was a good part of the browser tests'
 * CPU. Tests of those caches give their app a CACHE_DIR of its own.
 */
let cacheDir: string | undefined;
const sharedCacheDir = () => (cacheDir ??= join(tmpdir(), `glacier-test-cache-${loadClientBuild().build.id}`));

/** The real BFF (built client manifest + source render module) against a real upstream; closed after the file. */
export async function startTestApp(options: TestAppOptions = {}) {
  const upstreamUrl = options.upstreamUrl ?? (await sharedContentApi()).url;
  const log = memoryLogger();
  const clientBuild = options.clientBuild ?? loadClientBuild();
  // each app its own DATA_DIR (the feedback outbox lives there), so apps and test files never share one
  const dataDir = mkdtempSync(join(tmpdir(), 'glacier-app-'));
  atFileEnd(() => rmSync(dataDir, { recursive: true, force: true }));
  const app: FastifyInstance = await buildApp(
    configWith({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      // the build on disk, also for an app given a later build id: the same code makes the same images
      CACHE_DIR: sharedCacheDir(),
      // a page a service worker controls gets its code from the worker's caches, where Playwright's page.route cannot
      // reach (Playwright's advice: no worker in tests that route requests); the worker's tests turn it on
      SERVICE_WORKER: 'off',
      ...options.config,
    }),
    {
      retryDelayMs: 5,
      logger: options.logger ?? log.logger,
      ...options,
      clientBuild,
      upstreamUrl,
    },
  );
  atFileEnd(() => app.close());
  await app.ready();
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  /** The <main> of the page at `url`, which answers 200 (a page that does not fails the test). */
  const mainAt = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    return mainOf(res.body);
  };
  return { app, get, mainAt, logs: log.lines, clientBuild, dataDir };
}

/** The upstream paths the layout (header and footer) reads: a page without data of its own calls no others. */
export const LAYOUT_CALLS: ReadonlySet<string> = new Set([
  '/api/v1/translations',
  '/api/v1/main-menu',
  '/api/v1/footer-partners/index',
  '/api/v1/social-networks/index',
  '/api/v1/feedback-types',
]);

/**
 * The real BFF behind a recording proxy of the content API, so a test can also see which upstream calls a page
 * made (`upstreamCalls(path)`); the proxy forwards again and forgets its requests before each test.
 */
export async function startRecordedApp(options: TestAppOptions = {}) {
  const contentApi = await sharedContentApi();
  const upstream = await startFakeUpstream(forwardTo(contentApi.url));
  atFileEnd(() => upstream.close());
  const started = await startTestApp({ ...options, upstreamUrl: upstream.url });
  beforeEach(() => {
    upstream.handler = forwardTo(contentApi.url);
    upstream.reset();
  });
  return {
    ...started,
    upstream,
    contentApiUrl: contentApi.url,
    upstreamCalls: (path: string) => upstream.requests.filter((r) => r.url.split('?')[0] === path),
    /**
     * The content API's answers to the calls under `prefix` (asked as `ask` writes them) changed by `edit`, its other
     * calls as they are; the BFF's upstream cache emptied.
     */
    editAnswers<T>(prefix: string, edit: (answer: T) => unknown, ask: (path: string) => string = (path) => path) {
      upstream.handler = under(
        prefix,
        async (req, res) => {
          const headers = { 'accept-language': String(req.headers['accept-language'] ?? 'ru') };
          json(res, 200, edit((await (await fetch(contentApi.url + ask(req.url), { headers })).json()) as T));
        },
        contentApi.url,
      );
      started.app.upstream.cache.clear();
    },
  };
}

/** The same BFF against an upstream that serves 2 items per page (for 12 asked), so every list has a real page 2. */
export async function startSmallPagesApp(options: TestAppOptions = {}) {
  const forward = forwardTo((await sharedContentApi()).url);
  const upstream = await startFakeUpstream((req, res) =>
    forward({ ...req, url: req.url.replace(/([?&]per_page=)12\b/, '$12') }, res),
  );
  atFileEnd(() => upstream.close());
  const started = await startTestApp({ ...options, upstreamUrl: upstream.url });
  return started;
}

/** Resolves when the app's feedback outbox has delivered the submission of `key` (wait from before the delivery). */
export function outboxDelivered(app: FastifyInstance, key: string): Promise<void> {
  return new Promise((resolve) => {
    const on = (delivered: string) => {
      if (delivered === key) {
        app.feedbackOutbox.events.off('delivered', on);
        resolve();
      }
    };
    app.feedbackOutbox.events.on('delivered', on);
  });
}

/**
 * A content API of the file's own (own data folder), behind a scriptable fake upstream, so the feedback it stores can
 * be counted; both closed after the file.
 */
export async function startCountingContentApi() {
  const dataDir = mkdtempSync(join(tmpdir(), 'glacier-content-data-'));
  // its generated illustrations are the shared content API's (tests/setup/content-api.ts: `data/`), drawn once a run
  const sharedMedia = join(paths().root, 'data', 'cache', 'media');
  mkdirSync(sharedMedia, { recursive: true });
  mkdirSync(join(dataDir, 'cache'));
  symlinkSync(sharedMedia, join(dataDir, 'cache', 'media'));
  const content = await startContentApi(0, { dataDir });
  atFileEnd(async () => {
    await content.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const upstream = await startFakeUpstream(forwardTo(content.url));
  atFileEnd(() => upstream.close());
  return { content, upstream, dataDir, store: createFeedbackStore(dataDir) };
}
