/**
 * `@myko/admin`: the admin API for the people who run the service (off unless an admin key or
 * an admin OAuth scope is configured) and the access explainer it serves, which `myko-nest access explain` answers offline.
 */

export {
  ADMIN_AUDIT,
  ADMIN_AUDIT_LOG,
  ADMIN_EXECUTIONS,
  ADMIN_LIVE,
  ADMIN_OPTIONS,
  ADMIN_TOKENS,
  DEFAULT_ADMIN_PATH,
  DEFAULT_AUDIT_LIMIT,
  MAX_AUDIT_LIMIT,
} from './admin.constants';
export {
  type AdminAuditBinding,
  type AdminExecutionsBinding,
  AdminModule,
  type AdminMonitoringBindings,
  type AdminOptionsBinding,
} from './admin.module';
export { checkAdminOptions } from './admin-options.check';
export { AdminConfigError, AdminRequestError } from './errors';
export { AccessExplainer, type ExplainerParts } from './explain/access-explainer';
export * from './interfaces';
