/**
 * Whether the environment asks for OpenTelemetry traces, by the specification's variables only: an OTLP endpoint
 * (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) or a traces exporter other than `none`
 * (`OTEL_TRACES_EXPORTER`), and not `OTEL_SDK_DISABLED=true`. Without one the SDK is never loaded.
 */
export function otelConfigured(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = env.OTEL_TRACES_EXPORTER?.split(',').map((name) => name.trim().toLowerCase()) ?? [];
  if (exporters.length > 0 && exporters.every((name) => name === 'none' || name === '')) return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || exporters.length > 0);
}
