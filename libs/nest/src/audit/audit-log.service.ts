import type { AuditPage, AuditQuery } from '@myko/admin';
import { ExecuteMonitor, type GuardEvent } from '@myko/dispatch';
import { type OperationInvocation, OperationInvoker } from '@myko/registry';
import { RedisStateClient, StateUnavailableError } from '@myko/state';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit, Optional } from '@nestjs/common';
import { AUDIT_OPTIONS, type AuditOptions, DEFAULT_RECENT_AUDIT_LINES } from './audit.options';
import { type AuditSink, createAuditSink } from './audit.sink';
import { AuditOtlpExporter } from './audit-otlp.exporter';
import { minimalAuditRecord, toAuditRecord } from './audit-record';
import { toGuardAuditRecord } from './guard-audit.record';
import { MemoryRecentAuditLines } from './recent-audit.lines';
import { RedisRecentAuditLines } from './redis-recent-audit.lines';

/**
 * The audit log: one JSON line per command called (and, when configured, per query, view and
 * report), whichever door it came through, with its outcome — including calls the client's filters
 * refused; one per admin request; one per `execute` guard event (a cooldown or pause started, a
 * refusal by a cooldown or a quota, a demotion to the heavy lane). It listens at the `OperationInvoker`
 * and the `ExecuteMonitor`, so every caller is covered. The recent lines are also kept to be queried:
 * in memory, and in a Redis stream every instance shares when the state is in Redis.
 */
@Injectable()
export class AuditLog implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('AuditLog');
  private sink?: AuditSink;
  private readonly unsubscribe: (() => void)[] = [];
  private failed = false;
  private local?: MemoryRecentAuditLines;
  private shared?: RedisRecentAuditLines;
  private otlp?: AuditOtlpExporter;
  private readonly closing: (() => void)[] = [];

  constructor(
    private readonly invoker: OperationInvoker,
    @Inject(AUDIT_OPTIONS) private readonly options: AuditOptions,
    @Optional() private readonly monitor?: ExecuteMonitor,
    @Optional() @Inject(RedisStateClient) private readonly redis?: RedisStateClient | null,
  ) {}

  onModuleInit(): void {
    if (!this.options.enabled) return;
    try {
      this.sink = createAuditSink(this.options.destination);
    } catch (error) {
      throw new Error(`cannot open the audit log ${this.options.destination}: ${(error as Error).message}`);
    }
    if (this.options.otlp) this.otlp = new AuditOtlpExporter(this.options.otlp);
    const recent = this.options.recentLines ?? DEFAULT_RECENT_AUDIT_LINES;
    if (recent > 0) {
      this.local = new MemoryRecentAuditLines(recent);
      if (this.redis) this.shared = new RedisRecentAuditLines(this.redis, recent);
    }
    this.unsubscribe.push(this.invoker.onInvoked((invocation) => this.record(invocation)));
    if (this.monitor) this.unsubscribe.push(this.monitor.onGuard((event) => this.recordGuard(event)));
  }

  async onApplicationShutdown(): Promise<void> {
    for (const flush of this.closing.splice(0)) flush();
    for (const stop of this.unsubscribe) stop();
    await Promise.all([this.shared?.flush(), this.otlp?.close()]);
    this.sink?.close();
  }

  /** Where the lines go, for the start-up log. */
  describe(): string {
    if (!this.options.enabled) return 'off';
    const what = this.options.queries ? 'every operation' : 'commands';
    const otlp = this.options.otlp ? ` and as OpenTelemetry logs to ${this.options.otlp.endpoint}` : '';
    return `${what} to ${this.options.destination}${otlp}`;
  }

  /** Whether lines are written: the audit log is on. Who builds lines for it asks first. */
  get listening(): boolean {
    return this.options.enabled;
  }

  /**
   * Runs `flush` as the log closes, after the transports' drain (whose refusals are still written), before the
   * last lines leave: where lines built elsewhere and held back (`EdgeRefusalAudit`'s coalesced refusals) go out.
   */
  onClosing(flush: () => void): void {
    this.closing.push(flush);
  }

  /** One `guard` line built elsewhere (the edge's refusals, `EdgeRefusalAudit`), while the audit log is on. */
  recordGuardLine(record: { kind: 'guard' }): void {
    if (!this.options.enabled) return;
    this.write(JSON.stringify(record));
  }

  /**
   * One line of the admin API (`AdminAuditWriter`): every admin request, whatever `queries` says, while
   * the audit log is on.
   */
  recordAdmin(record: object): void {
    if (!this.options.enabled) return;
    this.write(JSON.stringify(record));
  }

  /**
   * The recent lines matching `query`, newest first: every instance's when the state is in Redis (this one's alone,
   * marked `partial`, while Redis is unreachable), else this process's. Empty while the audit log is off.
   */
  async query(query: AuditQuery): Promise<AuditPage & { partial?: string }> {
    if (this.shared && !query.cursor?.startsWith('m')) {
      try {
        return await this.shared.query(query);
      } catch (error) {
        if (!(error instanceof StateUnavailableError)) throw error;
        const page = await this.local?.query({ ...query, cursor: undefined });
        return { records: page?.records ?? [], partial: 'Redis is unreachable: only this instance’s lines' };
      }
    }
    return (await this.local?.query(query)) ?? { records: [] };
  }

  /** Sends the lines still on their way to the shared stream and the OpenTelemetry collector (tests, shutdown). */
  async flush(): Promise<void> {
    await Promise.all([this.shared?.flush(), this.otlp?.flush()]);
  }

  /** Lines the OpenTelemetry export lost (a full queue, a POST failed twice); 0 without it. */
  get otlpDropped(): number {
    return this.otlp?.dropped ?? 0;
  }

  private recordGuard(event: GuardEvent): void {
    this.write(JSON.stringify(toGuardAuditRecord(event)));
  }

  private record(invocation: OperationInvocation): void {
    if (invocation.kind !== 'command' && !this.options.queries) return;
    let line: string;
    try {
      line = JSON.stringify(toAuditRecord(invocation));
    } catch (failure) {
      // Never drop a line: write what is known and say what was cut.
      line = JSON.stringify(minimalAuditRecord(invocation, failure));
    }
    this.write(line);
  }

  private write(line: string): void {
    const at = Date.now();
    this.local?.add(line, at);
    this.shared?.add(line);
    this.otlp?.add(line, at);
    try {
      this.sink?.write(line);
      this.failed = false;
    } catch (error) {
      // Logged once per run of failures, not once per line.
      if (!this.failed) this.logger.error(`Audit log write failed: ${(error as Error).message}`);
      this.failed = true;
    }
  }
}
