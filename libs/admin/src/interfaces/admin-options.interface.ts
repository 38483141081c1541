import type { AccessProfiles, ToolMode } from '@myko/access';

/**
 * Options of `AdminModule.forRoot()`. The admin API is served only when `keys` has at least one key or
 * `scope` names an admin scope.
 * @publicApi
 */
export interface AdminModuleOptions {
  /** Where the admin API is served on the application's HTTP server. @default '/admin' */
  readonly path?: string;
  /** Admin API keys as `sha256:<64 hex digits>` (never the keys); a key of an access profile is never one. */
  readonly keys: readonly string[];
  /**
   * An OAuth scope that makes a bearer token an admin credential: one that verifies with the service's
   * OAuth settings (`ADMIN_TOKENS`, the gateways' authenticator) and grants this scope.
   */
  readonly scope?: string;
  /** The access profiles the explainer answers for (the ones the MCP endpoint enforces). */
  readonly access?: AccessProfiles;
  /** The server's tool mode, which a profile's own `toolMode` overrides. @default 'code' */
  readonly toolMode?: ToolMode;
}

/** One audit line of an admin request: who, what, and how it ended. */
export interface AdminAuditRecord {
  /** ISO 8601, when the request arrived. */
  readonly time: string;
  readonly kind: 'admin';
  /** `admin:<key id>` of an admin key, `oauth:<sub or client_id>` of a token; null when no admin credential was shown. */
  readonly principal: string | null;
  /** `access.explain`, … */
  readonly action: string;
  readonly outcome: 'ok' | 'unauthorized' | 'forbidden' | 'invalid' | 'failed';
  /** The HTTP status answered. */
  readonly status: number;
  /** What the action was about (`profile:ops`, `key:1a2b3c4d5e6f`), when it got that far. */
  readonly target?: string;
  /** The operation asked about, for a point question. */
  readonly operation?: string;
  /** Why it was refused or failed. */
  readonly reason?: string;
  /** The client address. */
  readonly address?: string;
  readonly durationMs: number;
}

/** Where admin audit lines go: the service's audit log (`AuditLog.recordAdmin`). */
export interface AdminAuditWriter {
  recordAdmin(record: AdminAuditRecord): void;
}
