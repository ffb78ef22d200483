import { describe, expect, it } from 'vitest';
import { parseTraceparent, traceparentOf } from '../../../shared/trace-context.ts';
import { newSpanId, newTraceId, traceOf } from '../../../server/tracing/trace-context.ts';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

describe('traceparent', () => {
  it('reads a valid version-00 header', () => {
    expect(parseTraceparent(`00-${TRACE}-${SPAN}-01`)).toEqual({ traceId: TRACE, parentSpanId: SPAN, flags: '01' });
  });

  it('keeps the first four fields of a later version (forward compatible)', () => {
    expect(parseTraceparent(`cc-${TRACE}-${SPAN}-00-what-comes-next`)).toEqual({
      traceId: TRACE,
      parentSpanId: SPAN,
      flags: '00',
    });
  });

  it.each([
    ['absent', undefined],
    ['two headers', [`00-${TRACE}-${SPAN}-01`, `00-${TRACE}-${SPAN}-01`]],
    ['upper case', `00-${TRACE.toUpperCase()}-${SPAN}-01`],
    ['a zero trace id', `00-${'0'.repeat(32)}-${SPAN}-01`],
    ['a zero span id', `00-${TRACE}-${'0'.repeat(16)}-01`],
    ['version ff', `ff-${TRACE}-${SPAN}-01`],
    ['version 00 with more fields', `00-${TRACE}-${SPAN}-01-x`],
    ['a short trace id', `00-${TRACE.slice(1)}-${SPAN}-01`],
    ['oversized', `cc-${TRACE}-${SPAN}-01-${'a'.repeat(300)}`],
    ['garbage', 'hello'],
  ])('refuses %s', (_name, header) => {
    expect(parseTraceparent(header)).toBeUndefined();
  });

  it('writes version 00 with the span of the call', () => {
    expect(traceparentOf({ traceId: TRACE, spanId: SPAN, flags: '01' })).toBe(`00-${TRACE}-${SPAN}-01`);
    expect(traceparentOf({ traceId: TRACE, spanId: SPAN, flags: '01' }, 'b7ad6b7169203331')).toBe(
      `00-${TRACE}-b7ad6b7169203331-01`,
    );
  });
});

describe('a request trace', () => {
  it('continues a trusted caller with a span of its own', () => {
    const trace = traceOf(`00-${TRACE}-${SPAN}-01`, true);
    expect(trace).toMatchObject({ traceId: TRACE, parentSpanId: SPAN, flags: '01' });
    expect(trace.spanId).toMatch(/^[\da-f]{16}$/);
    expect(trace.spanId).not.toBe(SPAN);
  });

  it('starts a new, unsampled trace for an untrusted caller or a bad header', () => {
    for (const trace of [traceOf(`00-${TRACE}-${SPAN}-01`, false), traceOf('nonsense', true)]) {
      expect(trace.traceId).toMatch(/^[\da-f]{32}$/);
      expect(trace.traceId).not.toBe(TRACE);
      expect(trace.parentSpanId).toBeUndefined();
      expect(trace.flags).toBe('00');
    }
  });

  it('makes distinct valid ids, across refills of the random pool', () => {
    const ids = new Set(Array.from({ length: 600 }, newTraceId));
    expect(ids.size).toBe(600);
    for (const id of ids) expect(parseTraceparent(`00-${id}-${newSpanId()}-00`)).toBeDefined();
  });
});
