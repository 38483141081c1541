import { Logger } from '@nestjs/common';
import { type ExportResult, ExportResultCode } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace';

/** How often, at most, a collector that stays unreachable is warned about again. */
export const EXPORT_WARNING_INTERVAL_MS = 60_000;

/**
 * Wraps an exporter so that failed exports are not silent: OpenTelemetry drops the spans of a failed
 * export and says nothing unless a diag logger is installed. The first failure warns at once (the
 * destination and the reason), later ones at most once per {@link EXPORT_WARNING_INTERVAL_MS} with the
 * spans dropped since, and the first success after failures says that export works again.
 */
export class ReportingSpanExporter implements SpanExporter {
  private readonly logger = new Logger('Tracing');
  /** Spans dropped since the last warning or recovery line. */
  private droppedSinceReport = 0;
  private failing = false;
  private lastWarningAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly inner: SpanExporter,
    /** Where spans go, for the messages: the OTLP URL. */
    private readonly destination: string,
    private readonly now: () => number = Date.now,
  ) {}

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    this.inner.export(spans, (result) => {
      if (result.code === ExportResultCode.SUCCESS) this.succeeded();
      else this.failed(spans.length, result.error);
      resultCallback(result);
    });
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }

  private failed(count: number, error: Error | undefined): void {
    this.droppedSinceReport += count;
    const first = !this.failing;
    this.failing = true;
    if (!first && this.now() - this.lastWarningAt < EXPORT_WARNING_INTERVAL_MS) return;
    this.lastWarningAt = this.now();
    const reason = error?.message || 'export failed';
    const cannot = first ? 'cannot' : 'still cannot';
    const repeat = `; next warning in ${EXPORT_WARNING_INTERVAL_MS / 1000} s at the earliest`;
    this.logger.warn(
      `${cannot} export spans to ${this.destination} (${reason}): ${this.droppedSinceReport} span${this.droppedSinceReport === 1 ? '' : 's'} dropped${repeat}`,
    );
    this.droppedSinceReport = 0;
  }

  private succeeded(): void {
    if (!this.failing) return;
    this.failing = false;
    const n = this.droppedSinceReport;
    const dropped = n ? `; ${n} span${n === 1 ? '' : 's'} dropped since the last warning` : '';
    this.logger.log(`exporting spans to ${this.destination} again${dropped}`);
    this.droppedSinceReport = 0;
    this.lastWarningAt = Number.NEGATIVE_INFINITY;
  }
}
