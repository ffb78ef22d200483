import {
  context,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Span,
} from '@opentelemetry/api';
import { parseTraceparent, type TraceContext } from '../../shared/trace-context.ts';
import { traceOf } from './trace-context.ts';

/**
 * The BFF's spans through the OpenTelemetry API. Off (no OTEL_* variable, server/tracing/otel.ts not loaded) every
 * function here costs a boolean test: no span object, no context switch. On, the request's server span is the
 * active context of everything the request runs (AsyncLocalStorage, set by plugins/tracing.ts), so the spans below
 * find their parent themselves: the page-cache lookup, each loader, each upstream call, Redis, the render, a purge.
 */
let enabled = false;
const tracer = () => trace.getTracer('glacier-portal-bff');

/** Turned on by server/tracing/otel.ts once the SDK is registered, off again when it shuts down. */
export function setTracingEnabled(on: boolean): void {
  enabled = on;
}

export const tracingEnabled = () => enabled;

export type { Span };

/**
 * The trace of a request and, with tracing on, its server span: under a trusted proxy's valid `traceparent`, else a
 * root (the sampler decides). Off, the ids are made here (server/tracing/trace-context.ts).
 */
export function beginRequest(
  header: string | string[] | undefined,
  trusted: boolean,
): { trace: TraceContext; span?: Span } {
  if (!enabled) return { trace: traceOf(header, trusted) };
  const caller = trusted ? parseTraceparent(header) : undefined;
  const parent = caller
    ? trace.setSpanContext(ROOT_CONTEXT, {
        traceId: caller.traceId,
        spanId: caller.parentSpanId ?? '',
        traceFlags: Number.parseInt(caller.flags, 16),
        isRemote: true,
      })
    : ROOT_CONTEXT;
  const span = tracer().startSpan('request', { kind: SpanKind.SERVER }, parent);
  const { traceId, spanId, traceFlags } = span.spanContext();
  const flags = (traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED ? '01' : '00';
  return { trace: { traceId, spanId, flags, parentSpanId: caller?.parentSpanId }, span };
}

/** Run `fn` with `span` as the active span (its children's parent). */
export const withSpan = <T>(span: Span, fn: () => T): T => context.with(trace.setSpan(context.active(), span), fn);

/**
 * A child of the active span, or undefined with tracing off or outside a request (a Redis call of a timer, say, is
 * no trace of its own). The caller ends it (`endSpan`).
 */
export function startSpan(name: string, attributes?: Attributes, kind: SpanKind = SpanKind.INTERNAL): Span | undefined {
  return enabled && trace.getActiveSpan() !== undefined ? tracer().startSpan(name, { kind, attributes }) : undefined;
}

/** End a span, marking it failed with `error`. */
export function endSpan(span: Span | undefined, error?: unknown): void {
  if (!span) return;
  if (error !== undefined) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

/** Run `fn` in a child span of its own (the active span of what `fn` starts); with tracing off, just `fn()`. */
export async function inSpan<T>(
  name: string,
  attributes: Attributes | undefined,
  fn: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  const span = startSpan(name, attributes);
  if (!span) return fn(undefined);
  try {
    const result = await withSpan(span, () => fn(span));
    span.end();
    return result;
  } catch (err) {
    endSpan(span, err);
    throw err;
  }
}

export { SpanKind };
