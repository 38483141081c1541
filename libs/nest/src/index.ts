/**
 * `@myko/nest`: the dynamic module an existing Nest application imports to serve its own operations
 * over MCP (`MykoModule`), and that `myko-nest serve` is built on.
 */
export type { AccessProfileConfig, AccessProfilesConfig } from '@myko/access';
export { AccessProfiles, generateApiKey, hashApiKey } from '@myko/access';
export { OpenApiConnectorModule, type OpenApiConnectorOptions } from '@myko/openapi';
export { AuditModule, type AuditModuleAsyncOptions } from './audit/audit.module';
export {
  AUDIT_OFF,
  AUDIT_OPTIONS,
  type AuditOptions,
  DEFAULT_AUDIT_OPTIONS,
  STDERR_DESTINATION,
} from './audit/audit.options';
export { AuditLog } from './audit/audit-log.service';
export { MykoModule } from './myko.module';
export type { MykoModuleAsyncOptions, MykoModuleOptions, MykoStaticOptions } from './myko-module.options';
export { DEFAULT_MYKO_PATH, MYKO_MODULE_OPTIONS } from './myko-nest.constants';

export const MYKO_NEST_PACKAGE = '@myko/nest';
