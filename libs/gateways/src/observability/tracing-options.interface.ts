import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import type { TracingConfig } from './observability-config.interface';

/**
 * Tracing as `GatewaysModule.forRoot({ tracing })` takes it: the config file's section, plus span
 * processors an embedding app (or a test's in-memory exporter) adds beside the configured exporter.
 * @publicApi
 */
export interface TracingOptions extends TracingConfig {
  readonly spanProcessors?: readonly SpanProcessor[];
}
