// The static ceiling for `npm run bench`: Fastify sending a fixed copy of a page's HTML, nothing else.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const html = readFileSync(process.env.HTML_FILE, 'utf8');
const app = Fastify({ logger: false });
app.get('/', (_request, reply) => reply.type('text/html; charset=utf-8').send(html));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
