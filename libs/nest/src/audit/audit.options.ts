import type { AuditOtlpOptions } from './audit-otlp.exporter';

/** Injection token of the resolved `AuditOptions`. */
export const AUDIT_OPTIONS = 'myko:audit_options';

/** Where and what the audit log records, defaults applied. */
export interface AuditOptions {
  /** @default true */
  enabled: boolean;
  /** `stderr`, or the absolute path of a file appended to. @default 'stderr' */
  destination: string;
  /** Also record queries, views and reports, not only commands. @default false */
  queries: boolean;
  /**
   * Lines kept to be queried (`GET <admin path>/audit`): this many in memory, and about this many in a Redis stream
   * shared by every instance when the state is in Redis; 0 keeps none. @default 10000
   */
  recentLines?: number;
  /**
   * Also ship every line as an OpenTelemetry log record (OTLP/HTTP JSON, `POST <endpoint>/v1/logs`), batched and
   * never on a request's path. Off when absent.
   */
  otlp?: AuditOtlpOptions;
}

/** Lines kept for the audit query unless `recentLines` says otherwise. */
export const DEFAULT_RECENT_AUDIT_LINES = 10_000;

export const STDERR_DESTINATION = 'stderr';
/** `--audit-log off` */
export const AUDIT_OFF = 'off';

export const DEFAULT_AUDIT_OPTIONS: Readonly<AuditOptions> = Object.freeze({
  enabled: true,
  destination: STDERR_DESTINATION,
  queries: false,
});
