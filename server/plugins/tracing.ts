import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { newTiming, serverTimingHeader, type RequestTiming } from '../tracing/timing.ts';
import type { TraceContext } from '../../shared/trace-context.ts';
import { traceOf } from '../tracing/trace-context.ts';

declare module 'node:http' {
  interface IncomingMessage {
    /** the request's trace, set with its id (app.ts `genReqId`) */
    trace?: TraceContext;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** W3C trace context of this request: continued from a trusted proxy, else new */
    readonly trace: TraceContext;
    /** where this request spent its time, made on first use (a hit never makes one) */
    readonly timing: RequestTiming;
    /** the timing when something recorded one */
    readonly timingIfAny: RequestTiming | undefined;
  }
}

export interface TracingOptions {
  /** `Server-Timing` on answers (SERVER_TIMING) */
  serverTiming: boolean;
}

/**
 * A request's trace and timing: `request.trace` (made with the request's id, app.ts) and `request.timing` (filled by
 * the upstream calls and the render), and the `Server-Timing` header of every answer: the cache outcome when it has
 * one (`x-cache`), the upstream time and calls, the time to the shell, the total.
 */
export default fp<TracingOptions>(
  async (app, opts) => {
    const timings = new WeakMap<FastifyRequest, RequestTiming>();
    app.decorateRequest('trace', {
      getter(this: FastifyRequest) {
        // set with the request's id; a request made without it starts a trace here
        return (this.raw.trace ??= traceOf(undefined, false));
      },
    });
    app.decorateRequest('timing', {
      getter(this: FastifyRequest) {
        let timing = timings.get(this);
        if (timing === undefined) timings.set(this, (timing = newTiming()));
        return timing;
      },
    });
    app.decorateRequest('timingIfAny', {
      getter(this: FastifyRequest) {
        return timings.get(this);
      },
    });
    if (!opts.serverTiming) return;
    app.addHook('onSend', (request, reply, payload, done) => {
      const cache = reply.getHeader('x-cache');
      reply.header(
        'server-timing',
        serverTimingHeader(typeof cache === 'string' ? cache : undefined, timings.get(request), reply.elapsedTime),
      );
      done(null, payload);
    });
  },
  { name: 'tracing' },
);
