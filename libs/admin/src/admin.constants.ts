/** Injection token of the resolved `AdminModuleOptions`. */
export const ADMIN_OPTIONS = 'myko:admin_options';
/** Injection token of the `AdminAuditWriter` that records every admin request (the audit log). */
export const ADMIN_AUDIT = 'myko:admin_audit';
/** Where the admin API is served unless `path` says otherwise. */
export const DEFAULT_ADMIN_PATH = '/admin';
/** The largest JSON body an admin request may send (an explain question is a few hundred bytes). */
export const MAX_ADMIN_BODY_BYTES = 64 * 1024;
/** The realm of the admin API's `WWW-Authenticate` challenge. */
export const ADMIN_REALM = 'myko-admin';
/** Injection token of the `BearerTokenAuthenticator` an admin scope is checked with (absent: admin keys only). */
export const ADMIN_TOKENS = 'myko:admin_tokens';
/** Injection token of the `AdminExecutions` the executions routes decide through (absent: those routes 404). */
export const ADMIN_EXECUTIONS = 'myko:admin_executions';
/** Injection token of the `AdminAudit` the audit query reads (absent: that route 404s). */
export const ADMIN_AUDIT_LOG = 'myko:admin_audit_log';
/** Injection token of the `AdminLive` the live view reads (absent: that route 404s). */
export const ADMIN_LIVE = 'myko:admin_live';
/** Audit query: lines per page unless `limit` says otherwise, and the most. */
export const DEFAULT_AUDIT_LIMIT = 100;
export const MAX_AUDIT_LIMIT = 1_000;
/** Where the console's static files are served, under the admin API's path. */
export const CONSOLE_SEGMENT = 'console';
