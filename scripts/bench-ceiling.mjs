// The static ceiling for `npm run bench`: Fastify sending a fixed copy of a page's bytes, nothing else. Two optional
// obligations of a real page answer, each measured as a ceiling of its own (bench.mjs, "what bounds a hit"):
// HEADERS_FILE replays the headers a stored page is sent with (CSP, validators, Surrogate-Key, …), and
// REQUEST_LOG=1 writes the one pino line per request the BFF writes (to stdout, which the bench discards).
// STATIC_DIR serves that folder with @fastify/static instead (its defaults: ETag, Last-Modified, ranges, a file read
// per request): a static file of the same size, as Fastify serves one.
import { readFileSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController } from 'fastify';
import { pino } from 'pino';

const staticDir = process.env.STATIC_DIR;
const body = staticDir ? undefined : readFileSync(process.env.BODY_FILE ?? process.env.HTML_FILE);
const type = process.env.CONTENT_TYPE ?? 'text/html; charset=utf-8';
const headers = process.env.HEADERS_FILE ? JSON.parse(readFileSync(process.env.HEADERS_FILE, 'utf8')) : {};
const logged = process.env.REQUEST_LOG === '1';
const app = Fastify(
  logged
    ? { loggerInstance: pino(), logController: new LogController({ disableRequestLogging: true }) }
    : { logger: false },
);
if (logged)
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { req: { method: request.method, url: request.url }, status: reply.statusCode, ms: reply.elapsedTime },
      'request',
    );
    done();
  });
if (staticDir) await app.register(fastifyStatic, { root: staticDir });
else app.get('/', (_request, reply) => reply.headers(headers).type(type).send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
