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
}

export const STDERR_DESTINATION = 'stderr';
/** `--audit-log off` */
export const AUDIT_OFF = 'off';

export const DEFAULT_AUDIT_OPTIONS: Readonly<AuditOptions> = Object.freeze({
  enabled: true,
  destination: STDERR_DESTINATION,
  queries: false,
});
