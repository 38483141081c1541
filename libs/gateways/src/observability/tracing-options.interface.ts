import type { TracingConfig } from '@myko/filter';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';

/**
 * Tracing as `GatewaysModule.forRoot({ tracing })` takes it: the config file's section, plus span
 * processors an embedding app (or a test's in-memory exporter) adds beside the configured exporter.
 * @publicApi
 */
export interface TracingOptions extends TracingConfig {
  readonly spanProcessors?: readonly SpanProcessor[];
}
