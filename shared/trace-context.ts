/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/): the `traceparent` header a server continues and sends on.
 * Read by the BFF (from a trusted proxy) and by the content API (from the BFF); ids are made by the BFF
 * (server/tracing/trace-context.ts).
 */
export interface TraceContext {
  /** 32 lowercase hex digits, not all zero */
  readonly traceId: string;
  /** this server's span of the request: 16 lowercase hex digits, not all zero */
  readonly spanId: string;
  /** the caller's span when the trace was continued */
  readonly parentSpanId?: string;
  /** the trace flags as two hex digits (`01`: sampled) */
  readonly flags: string;
}

/** version 00 is 55 characters; a later version may append fields, so a little more is read, never a long header */
const MAX_TRACEPARENT = 256;
const TRACEPARENT = /^([\da-f]{2})-([\da-f]{32})-([\da-f]{16})-([\da-f]{2})(-.*)?$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

/** The caller's trace of a valid `traceparent`, else undefined (absent, malformed, oversized, or an invalid id). */
export function parseTraceparent(header: string | string[] | undefined): Omit<TraceContext, 'spanId'> | undefined {
  // two headers are as good as a malformed one (the spec: a new trace)
  if (typeof header !== 'string' || header.length > MAX_TRACEPARENT) return undefined;
  const match = TRACEPARENT.exec(header.trim());
  if (!match) return undefined;
  const [, version, traceId, parentSpanId, flags, rest] = match;
  if (version === undefined || traceId === undefined || parentSpanId === undefined || flags === undefined)
    return undefined;
  // ff is forbidden; version 00 has exactly four fields; a later version keeps the first four (forward compatible)
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (traceId === ZERO_TRACE || parentSpanId === ZERO_SPAN) return undefined;
  return { traceId, parentSpanId, flags };
}

/** The `traceparent` of a call made within `span` of the trace (version 00). */
export const traceparentOf = (trace: TraceContext, spanId = trace.spanId) =>
  `00-${trace.traceId}-${spanId}-${trace.flags}`;
