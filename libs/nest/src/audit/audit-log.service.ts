import { type OperationInvocation, OperationInvoker } from '@myko/registry';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { AUDIT_OPTIONS, type AuditOptions } from './audit.options';
import { type AuditSink, createAuditSink } from './audit.sink';
import { minimalAuditRecord, toAuditRecord } from './audit-record';

/**
 * The audit log: one JSON line per command called (and, when configured, per query, view and
 * report), whichever door it came through, with its outcome — including calls the client's filters
 * refused. It listens at the `OperationInvoker`, so every caller of the invoker is covered.
 */
@Injectable()
export class AuditLog implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('AuditLog');
  private sink?: AuditSink;
  private unsubscribe?: () => void;
  private failed = false;

  constructor(
    private readonly invoker: OperationInvoker,
    @Inject(AUDIT_OPTIONS) private readonly options: AuditOptions,
  ) {}

  onModuleInit(): void {
    if (!this.options.enabled) return;
    try {
      this.sink = createAuditSink(this.options.destination);
    } catch (error) {
      throw new Error(`cannot open the audit log ${this.options.destination}: ${(error as Error).message}`);
    }
    this.unsubscribe = this.invoker.onInvoked((invocation) => this.record(invocation));
  }

  onApplicationShutdown(): void {
    this.unsubscribe?.();
    this.sink?.close();
  }

  /** Where the lines go, for the start-up log. */
  describe(): string {
    if (!this.options.enabled) return 'off';
    const what = this.options.queries ? 'every operation' : 'commands';
    return `${what} to ${this.options.destination}`;
  }

  /**
   * One line of the admin API (`AdminAuditWriter`): every admin request, whatever `queries` says, while
   * the audit log is on.
   */
  recordAdmin(record: object): void {
    if (!this.options.enabled) return;
    this.write(JSON.stringify(record));
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
