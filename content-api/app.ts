import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { parseTraceparent } from '../shared/trace-context.ts';
import { defaultContentDir } from './config.ts';
import { changeKeys, mediaKey } from './content-keys.ts';
import { createFeedbackStore, type FeedbackStore } from './feedback-store.ts';
import { databaseFileRoutes } from './routes/database-files.ts';
import { feedbackRoutes } from './routes/feedbacks.ts';
import { glacierRoutes } from './routes/glaciers.ts';
import { mediaRoutes } from './routes/media.ts';
import { multimediaRoutes } from './routes/multimedia.ts';
import { newsRoutes } from './routes/news.ts';
import { searchRoutes } from './routes/search.ts';
import { sectionRoutes } from './routes/sections.ts';
import { siteRoutes } from './routes/site.ts';
import { studyRoutes } from './routes/study.ts';
import { CONTENT_FILES, loadContent, loadContentFile, type Content, type ContentFile } from './store.ts';
import { watchContentDir } from './watch.ts';

/**
 * What a reload changed: the content files (names as in store.ts), or the editors' media files, and the BFF's
 * surrogate keys to purge.
 */
export interface ContentChange {
  files: ContentFile[];
  /** media files of `media/` added, replaced or removed */
  media?: string[];
  keys: string[];
}

export interface ContentApiOptions {
  contentDir?: string;
  /** where feedback submissions are stored (DATA_DIR) */
  dataDir?: string;
  logger?: FastifyServerOptions['logger'];
  /**
   * Reload a content file when it changes on disk, so an editor sees an edit without a restart. A file that is
   * missing or invalid for a moment (an editor's write in several steps) is logged once and the previous content
   * stays served.
   */
  watch?: boolean;
  /**
   * Told what a reload changed, once the new content is served (a request the callback makes sees it); not called
   * when a file was saved unchanged. Its errors are logged, never thrown.
   */
  onChange?: (change: ContentChange) => void | Promise<void>;
}

/** What every build of the routes shares: feedback storage and the media cache outlive a content change. */
export interface ContentAppDeps {
  feedbacks: FeedbackStore;
  mediaCacheDir: string;
  /** the editors' media files (`{contentDir}/media`) */
  mediaDir?: string;
  /** request logging of the routes; none when undefined */
  logger?: FastifyBaseLogger;
}

/**
 * The routes of the content API built from one version of the content, ready to serve. Routes precompute from the
 * content they are given (sorted lists, search indexes, the values filters accept), so a content change builds a new
 * instance rather than patching this one.
 */
export async function contentApp(content: Content, deps: ContentAppDeps): Promise<FastifyInstance> {
  const app = deps.logger
    ? Fastify({
        loggerInstance: deps.logger,
        // a caller's trace (the BFF sends its request's `traceparent`) joins its log lines to these
        childLoggerFactory: (parent, bindings, options, req) =>
          parent.child({ ...bindings, trace_id: parseTraceparent(req.headers.traceparent)?.traceId }, options),
      })
    : Fastify({ logger: false });
  for (const routes of [
    siteRoutes,
    newsRoutes,
    databaseFileRoutes,
    sectionRoutes,
    multimediaRoutes,
    studyRoutes,
    glacierRoutes,
    searchRoutes,
  ]) {
    await app.register(routes(content));
  }
  await app.register(mediaRoutes(content, { cacheDir: deps.mediaCacheDir, mediaDir: deps.mediaDir }));
  await app.register(feedbackRoutes(content, deps.feedbacks));
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ message: `No route ${request.method} ${request.url}` }),
  );
  await app.ready();
  return app;
}

/**
 * The embedded content API: a real HTTP server speaking the upstream contract of SPEC §7 from the content files in
 * the repository, started on a loopback port (0 = any free port). The BFF talks to it over loopback exactly as it
 * talks to the production API.
 *
 * The returned server (`app`, listening at `url`) routes every request to the current build of the routes
 * (contentApp); a reload builds the routes from the new content, swaps them in and closes the old build, so a request
 * is answered by one version of the content, never a mix. `reload` reloads one content file (or all) from disk:
 * invalid files are logged and skipped; it resolves after onChange.
 */
export async function startContentApi(port = 0, options: ContentApiOptions = {}) {
  const dir = options.contentDir ?? defaultContentDir();
  const dataDir = options.dataDir ?? 'data';
  // request lines come from the routes' build (one per request), not from this outer server too
  const app = Fastify({
    logger: options.logger ?? false,
    keepAliveTimeout: 10_000,
    logController: new LogController({ disableRequestLogging: true }),
  });
  const deps: ContentAppDeps = {
    feedbacks: createFeedbackStore(dataDir),
    mediaCacheDir: join(dataDir, 'cache', 'media'),
    mediaDir: join(dir, 'media'),
    logger: options.logger ? app.log : undefined,
  };
  // watching starts before the files are read, so an edit made while they load is not missed
  const watcher = options.watch
    ? watchContentDir(dir, {
        onChange: (file) => void reload(file),
        onMedia: (file) => {
          const change = { files: [], media: [file], keys: [mediaKey(file)] };
          app.log.info(change, 'media file changed');
          void notify(change);
        },
        onError: (err) => app.log.warn({ err, dir }, 'content folder watch failed: edits are not reloaded'),
      })
    : undefined;

  let content: Content;
  let served: FastifyInstance;
  try {
    content = loadContent(dir);
    served = await contentApp(content, deps);
  } catch (err) {
    watcher?.close();
    throw err;
  }

  app.addHook('onRequest', async (request, reply) => {
    // the rest of this server's lifecycle stops here: the current build parses, routes and answers the request
    reply.hijack();
    served.routing(request.raw, reply.raw);
  });

  /** the last error logged per file, so a file that stays broken is reported once */
  const broken = new Map<ContentFile, string>();
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();

  async function apply(files: readonly ContentFile[]): Promise<ContentChange> {
    const next: Content = { ...content };
    const changed: ContentFile[] = [];
    const keys = new Set<string>();
    const read = <F extends ContentFile>(file: F) => {
      let value: Content[F];
      try {
        value = loadContentFile(dir, file);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (broken.get(file) !== message)
          app.log.warn({ err, file }, 'content file not reloaded: previous content kept');
        broken.set(file, message);
        return;
      }
      broken.delete(file);
      if (isDeepStrictEqual(value, content[file])) return;
      next[file] = value;
      changed.push(file);
      for (const key of changeKeys(file, content, next)) keys.add(key);
    };
    for (const file of files) read(file);
    if (changed.length === 0 || closed) return { files: [], keys: [] };

    let fresh: FastifyInstance;
    try {
      fresh = await contentApp(next, deps);
    } catch (err) {
      app.log.warn({ err, files: changed }, 'content not reloaded: building its routes failed; previous content kept');
      return { files: [], keys: [] };
    }
    if (closed) {
      await fresh.close();
      return { files: [], keys: [] };
    }
    const old = served;
    served = fresh;
    content = next;
    // requests already routed to the old build finish there; new ones reach the fresh one
    await old.close().catch((err: unknown) => app.log.warn({ err }, 'closing the previous content build failed'));
    const change = { files: changed, keys: [...keys].sort() };
    app.log.info(change, 'content reloaded');
    return change;
  }

  async function notify(change: ContentChange) {
    try {
      await options.onChange?.(change);
    } catch (err) {
      app.log.warn({ err, ...change }, 'content change callback failed');
    }
  }

  async function reload(file?: ContentFile): Promise<ContentChange> {
    // one reload at a time, each from the content the previous one left; the callback runs outside the queue
    const run = queue.then(() => apply(file ? [file] : CONTENT_FILES));
    queue = run.catch(() => undefined);
    let change: ContentChange;
    try {
      change = await run;
    } catch (err) {
      app.log.warn({ err, file }, 'content reload failed; previous content kept');
      return { files: [], keys: [] };
    }
    if (change.files.length > 0) await notify(change);
    return change;
  }

  app.addHook('onClose', async () => {
    closed = true;
    watcher?.close();
    await queue;
    await served.close();
  });
  watcher?.resume();
  const url = await app.listen({ port, host: '127.0.0.1' });
  return { app, url, reload };
}
