import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { etagMatches, type CacheEntry, type CacheOutcome } from './page-cache.ts';

/** The same negotiation as @fastify/compress (br before gzip, q-values honoured, `*` and x-gzip count as gzip). */
const negotiator = new Negotiator<'br' | 'gzip'>({
  supportedValues: ['br', 'gzip'],
  cache: new LRUCache<string, string>({ max: 256 }),
});

export function negotiateEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  return negotiator.negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'));
}

/** Mark the answer's cache outcome: `x-cache` header; request-log.ts logs it as `cache`. */
export const markCache = (reply: FastifyReply, outcome: CacheOutcome | 'bypass') => reply.header('x-cache', outcome);

/** Send a stored entry: 304 when the client has it, else the precompressed form the client accepts. */
export function serveEntry(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CacheEntry,
  outcome: CacheOutcome,
): FastifyReply {
  markCache(reply, outcome);
  for (const [name, value] of Object.entries(entry.headers)) reply.header(name, value);
  reply.header('etag', entry.etag);
  if (entry.scriptHashes.length > 0) request.cspScriptHashes = entry.scriptHashes;
  if (entry.gzip) reply.header('vary', mergeVary(reply.getHeader('vary'), 'Accept-Encoding'));
  if (entry.status === 200 && etagMatches(request.headers['if-none-match'], entry.etag)) {
    return reply.code(304).send();
  }
  reply.code(entry.status);
  const encoding = entry.gzip ? negotiateEncoding(request.headers['accept-encoding']) : null;
  const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.body;
  // an encoded body is left alone by the compression hook; an identity one is below its threshold or unwanted
  if (encoding) reply.header('content-encoding', encoding);
  reply.header('content-length', (body ?? entry.body).length);
  if (request.method === 'HEAD') return reply.send();
  return reply.send(body ?? entry.body);
}

function mergeVary(current: unknown, name: string): string {
  const list = typeof current === 'string' && current ? current.split(',').map((s) => s.trim()) : [];
  if (!list.some((v) => v.toLowerCase() === name.toLowerCase())) list.push(name);
  return list.join(', ');
}
