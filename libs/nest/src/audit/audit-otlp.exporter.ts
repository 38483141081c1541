import { Logger } from '@nestjs/common';
import { type OtlpLogLine, otlpLogsBody } from './otlp-logs.body';

/** Where and how the audit lines are shipped as OpenTelemetry logs (OTLP/HTTP JSON). */
export interface AuditOtlpOptions {
  /** The collector's base URL (`http://collector:4318`); lines are POSTed to `<endpoint>/v1/logs`. */
  endpoint: string;
  /** Sent with every POST (`Authorization`, a vendor's API key header…). */
  headers?: Readonly<Record<string, string>>;
  /** `service.name` of the resource. @default 'myko-nest' */
  serviceName?: string;
}

/** A batch leaves this often, or as soon as it is this big. */
export const OTLP_FLUSH_MS = 1_000;
export const OTLP_BATCH_LINES = 512;
/** Lines waiting at most; past it the oldest are dropped (and counted): a dead collector cannot grow memory. */
export const OTLP_QUEUE_LINES = 10_000;
/** A POST that takes longer is abandoned (and retried once). */
const OTLP_TIMEOUT_MS = 10_000;
/** How long shutdown waits for the last lines to leave: a blackholed collector must not hold the process. */
const OTLP_CLOSE_MS = 2_000;

interface Batch {
  lines: OtlpLogLine[];
  /** Whether it has already failed once: the next failure drops it. */
  retried: boolean;
}

/**
 * Ships every audit line as an OTLP/HTTP JSON log record, beside the file: batched (every second or 512 lines),
 * from a bounded queue (the oldest dropped first), one POST at a time, off every request's path — a slow or dead
 * collector never blocks or fails a call. A failed POST is retried once with the next batch, then dropped; drops
 * are counted (`dropped`) and logged once per run of failures.
 */
export class AuditOtlpExporter {
  private readonly logger = new Logger('AuditLog');
  private readonly url: string;
  private queue: OtlpLogLine[] = [];
  private retry?: Batch;
  private timer?: NodeJS.Timeout;
  private sending?: Promise<void>;
  private failing = false;
  private droppedLines = 0;

  constructor(
    private readonly options: AuditOtlpOptions,
    private readonly limits = { flushMs: OTLP_FLUSH_MS, batchLines: OTLP_BATCH_LINES, queueLines: OTLP_QUEUE_LINES },
  ) {
    this.url = `${options.endpoint.replace(/\/+$/, '')}/v1/logs`;
  }

  /** Lines lost: dropped from a full queue, or whose POST failed twice. */
  get dropped(): number {
    return this.droppedLines;
  }

  /** One audit line (its JSON text), written at `at` (epoch ms). */
  add(line: string, at: number): void {
    if (this.queue.length >= this.limits.queueLines) {
      this.queue.shift();
      this.drop(1, 'the queue is full');
    }
    this.queue.push({ line, at });
    if (this.queue.length >= this.limits.batchLines) this.kick();
    else this.schedule();
  }

  /** Sends what is queued (shutdown, tests); resolves when the POSTs are done. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.sending;
    while (this.queue.length > 0 || this.retry) {
      const before = this.queue.length + (this.retry?.lines.length ?? 0);
      await this.send();
      if (this.queue.length + (this.retry?.lines.length ?? 0) >= before) break;
    }
  }

  /** The last lines at shutdown, waiting at most a moment for the collector. */
  async close(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, OTLP_CLOSE_MS);
    });
    await Promise.race([this.flush(), gaveUp]);
    clearTimeout(timer);
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.kick();
    }, this.limits.flushMs);
    this.timer.unref();
  }

  /** One POST at a time: a batch that fills while one is on its way leaves when it is answered. */
  private kick(): void {
    if (this.sending) return;
    this.sending = this.send().finally(() => {
      this.sending = undefined;
      if (this.queue.length > 0 || this.retry) this.schedule();
    });
  }

  private async send(): Promise<void> {
    const batch = this.retry ?? { lines: this.queue.splice(0, this.limits.batchLines), retried: false };
    this.retry = undefined;
    if (batch.lines.length === 0) return;
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers: { ...this.options.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(otlpLogsBody(batch.lines, this.options.serviceName ?? 'myko-nest')),
        signal: AbortSignal.timeout(OTLP_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      this.failing = false;
    } catch (error) {
      if (batch.retried) this.drop(batch.lines.length, (error as Error).message);
      else this.retry = { lines: batch.lines, retried: true };
    }
  }

  private drop(count: number, why: string): void {
    this.droppedLines += count;
    // Logged once per run of failures, not once per line.
    if (!this.failing)
      this.logger.warn(`Audit lines not shipped to ${this.url}: ${why} (dropped so far: ${this.droppedLines})`);
    this.failing = true;
  }
}
