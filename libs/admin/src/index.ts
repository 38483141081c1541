/**
 * `@myko/admin`: the admin API for the people who run the service (off unless an admin key is
 * configured) and the access explainer it serves, which `myko-nest access explain` answers offline.
 */

export { ADMIN_AUDIT, ADMIN_EXECUTIONS, ADMIN_OPTIONS, DEFAULT_ADMIN_PATH } from './admin.constants';
export { type AdminAuditBinding, type AdminExecutionsBinding, AdminModule } from './admin.module';
export { AdminRequestError } from './errors';
export { AccessExplainer, type ExplainerParts } from './explain/access-explainer';
export * from './interfaces';
