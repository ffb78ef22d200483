import { randomFillSync } from 'node:crypto';
import { parseTraceparent, type TraceContext } from '../../shared/trace-context.ts';

/** Random ids from a pooled buffer: one `randomFillSync` per 256 ids instead of one per request. */
const pool = Buffer.alloc(16 * 256);
let offset = pool.length;

function randomHex(bytes: 8 | 16): string {
  if (offset + bytes > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const hex = pool.toString('hex', offset, offset + bytes);
  offset += bytes;
  // all zero is invalid (odds of 2^-64 and less): draw again
  return /[^0]/.test(hex) ? hex : randomHex(bytes);
}

export const newTraceId = () => randomHex(16);
export const newSpanId = () => randomHex(8);

/**
 * The trace of a request: the caller's, continued, when `trusted` (a trusted proxy's valid `traceparent`), else a new
 * one. Either way this server's span gets its own id. A new trace is not sampled unless a tracer says otherwise.
 */
export function traceOf(header: string | string[] | undefined, trusted: boolean): TraceContext {
  const parent = trusted ? parseTraceparent(header) : undefined;
  if (parent) return { ...parent, spanId: newSpanId() };
  return { traceId: newTraceId(), spanId: newSpanId(), flags: '00' };
}
