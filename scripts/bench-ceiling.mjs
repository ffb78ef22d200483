// The static ceiling for `npm run bench`: Fastify sending a fixed copy of a page's bytes, nothing else.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.BODY_FILE ?? process.env.HTML_FILE);
const type = process.env.CONTENT_TYPE ?? 'text/html; charset=utf-8';
const app = Fastify({ logger: false });
app.get('/', (_request, reply) => reply.type(type).send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
