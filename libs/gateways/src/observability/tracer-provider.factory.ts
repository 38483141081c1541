import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ConsoleSpanExporter,
  ParentBasedSampler,
  SimpleSpanProcessor,
  type SpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { ReportingSpanExporter } from './reporting-span.exporter';
import type { TracingOptions } from './tracing-options.interface';

/** Where the OTLP exporter sends spans: as the exporter itself resolves it, for messages. */
function otlpDestination(options: TracingOptions): string {
  return options.endpoint ?? process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? 'http://localhost:4318/v1/traces';
}

function exporterProcessor(options: TracingOptions): SpanProcessor[] {
  switch (options.exporter) {
    case 'otlp':
      // Without an endpoint the exporter reads OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, else localhost:4318.
      return [
        new BatchSpanProcessor({
          exporter: new ReportingSpanExporter(
            new OTLPTraceExporter(options.endpoint ? { url: options.endpoint } : {}),
            otlpDestination(options),
          ),
        }),
      ];
    case 'console':
      return [new SimpleSpanProcessor({ exporter: new ConsoleSpanExporter() })];
    default:
      return [];
  }
}

/**
 * The tracer provider of myko-nest's own spans: parent-based sampling (a sampled `traceparent` is
 * always followed, new traces at `sampleRatio`), the configured exporter, `service.name`. Kept to
 * itself rather than registered globally, so it never displaces a host app's provider. No context
 * manager is installed: an AsyncLocalStorage one puts hooks on every promise of the process (the
 * bench row "metrics + tracing on" measured it), and the child spans get their parent explicitly. A
 * host app that registers one (the OpenTelemetry Node SDK does) sees each request's span as active.
 */
export function createTracerProvider(options: TracingOptions): TracerProvider {
  return new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(options.sampleRatio) }),
    spanProcessors: [...exporterProcessor(options), ...(options.spanProcessors ?? [])],
  });
}
