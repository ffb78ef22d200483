import { context, trace } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { setTracingEnabled } from './spans.ts';

export interface OpenTelemetryOptions {
  /** where spans go instead of the exporter the OTEL_* variables name (tests: the SDK's in-memory exporter) */
  spanProcessors?: SpanProcessor[];
}

let running = false;

/**
 * Start the OpenTelemetry Node SDK for traces, configured by the standard OTEL_* variables (exporter and protocol —
 * `http/protobuf`, `http/json`, `grpc` —, endpoint, headers, service name, sampler, resource attributes); loaded
 * only when they ask for it (server/tracing/otel-env.ts). Traces only: metrics stay Prometheus's (`/metrics`), logs
 * pino's. No automatic instrumentation: the spans are the BFF's own (server/tracing/spans.ts). Resolves to the
 * shutdown, which flushes what is still buffered.
 */
export function startOpenTelemetry(options: OpenTelemetryOptions = {}): () => Promise<void> {
  if (running) throw new Error('OpenTelemetry is already running in this process');
  const sdk = new NodeSDK({
    // OTEL_SERVICE_NAME, when set, names the service (the SDK's env detector); else this
    serviceName: process.env.OTEL_SERVICE_NAME ? undefined : 'glacier-portal-bff',
    spanProcessors: options.spanProcessors,
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [],
  });
  sdk.start();
  running = true;
  setTracingEnabled(true);
  return async () => {
    setTracingEnabled(false);
    await sdk.shutdown();
    trace.disable();
    context.disable();
    running = false;
  };
}
