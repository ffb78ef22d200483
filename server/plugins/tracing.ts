import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { newTiming, serverTimingHeader, type RequestTiming } from '../tracing/timing.ts';
import type { TraceContext } from '../../shared/trace-context.ts';
import { routeLabel } from '../route-id.ts';
import type { OpenTelemetryOptions } from '../tracing/otel.ts';
import { endSpan, withSpan, type Span } from '../tracing/spans.ts';
import { traceOf } from '../tracing/trace-context.ts';

declare module 'node:http' {
  interface IncomingMessage {
    /** the request's trace, set with its id (app.ts `genReqId`) */
    trace?: TraceContext;
    /** its server span, with OpenTelemetry on */
    span?: Span;
    /** where it spent its time, once something recorded it (`request.timing`) */
    timing?: RequestTiming;
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
  /** start OpenTelemetry (the OTEL_* variables ask for it, or a test gives its span processors); false: never loaded */
  openTelemetry: OpenTelemetryOptions | false;
}

/**
 * A request's trace and timing: `request.trace` (made with the request's id, app.ts) and `request.timing` (filled by
 * the upstream calls and the render), and the `Server-Timing` header of every answer: the cache outcome when it has
 * one (`x-cache`), the upstream time and calls, the time to the shell, the total. With OpenTelemetry on, the SDK
 * (loaded here, shut down with the app) and the request's server span: the active span of everything the request
 * runs, named and ended with its route id, locale, cache outcome and status.
 */
export default fp<TracingOptions>(
  async (app, opts) => {
    app.decorateRequest('trace', {
      getter(this: FastifyRequest) {
        // set with the request's id; a request made without it starts a trace here
        return (this.raw.trace ??= traceOf(undefined, false));
      },
    });
    app.decorateRequest('timing', {
      getter(this: FastifyRequest) {
        return (this.raw.timing ??= newTiming());
      },
    });
    app.decorateRequest('timingIfAny', {
      getter(this: FastifyRequest) {
        return this.raw.timing;
      },
    });
    if (opts.openTelemetry) {
      const { startOpenTelemetry } = await import('../tracing/otel.ts');
      const stop = startOpenTelemetry(opts.openTelemetry);
      app.addHook('onClose', stop);
      app.addHook('onRequest', (request, _reply, done) => {
        const { span } = request.raw;
        if (span) withSpan(span, done);
        else done();
      });
      const end = (request: FastifyRequest, status: number, cache: unknown) => {
        const { span } = request.raw;
        if (!span) return;
        const route = routeLabel(request);
        span.updateName(`${request.method} ${route}`);
        span.setAttributes({
          'http.request.method': request.method,
          'http.route': route,
          'http.response.status_code': status,
          'app.locale': request.locale,
          ...(typeof cache === 'string' && { 'app.cache': cache }),
        });
        endSpan(span, status >= 500 ? `status ${status}` : undefined);
      };
      app.addHook('onResponse', (request, reply, done) => {
        end(request, reply.statusCode, reply.getHeader('x-cache'));
        done();
      });
      // a visitor who left: nginx's 499
      app.addHook('onRequestAbort', (request, done) => {
        end(request, 499, undefined);
        done();
      });
    }
    if (!opts.serverTiming) return;
    app.addHook('onSend', (request, reply, payload, done) => {
      const cache = reply.getHeader('x-cache');
      reply.header(
        'server-timing',
        serverTimingHeader(typeof cache === 'string' ? cache : undefined, request.raw.timing, reply.elapsedTime),
      );
      done(null, payload);
    });
  },
  { name: 'tracing' },
);
