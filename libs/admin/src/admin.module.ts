import { OperationInvoker, OperationRegistry } from '@myko/registry';
import { type DynamicModule, type FactoryProvider, Module, type ModuleMetadata, type Provider } from '@nestjs/common';
import { ADMIN_OPTIONS, DEFAULT_ADMIN_PATH } from './admin.constants';
import { checkAdminOptions } from './admin-options.check';
import { AccessExplainer } from './explain/access-explainer';
import { adminController, controllerPath } from './http/admin.controller';
import { AdminRequests } from './http/admin-requests';
import { consoleController } from './http/console.controller';
import { executionsController } from './http/executions.controller';
import { monitoringController } from './http/monitoring.controller';
import type { AdminModuleOptions } from './interfaces';

/** Where the admin API's audit lines go: a provider of `ADMIN_AUDIT`, and the modules it needs. */
export interface AdminAuditBinding extends Pick<ModuleMetadata, 'imports'> {
  readonly provider: Provider;
}

/** Where the executions routes decide: a provider of `ADMIN_EXECUTIONS`, and the modules it needs. */
export type AdminExecutionsBinding = AdminAuditBinding;

/**
 * What the live view and the audit query read: providers of `ADMIN_LIVE` and `ADMIN_AUDIT_LOG`; what an
 * admin scope's tokens are verified with: a provider of `ADMIN_TOKENS`; and their modules.
 */
export interface AdminMonitoringBindings {
  readonly live?: AdminAuditBinding;
  readonly auditLog?: AdminAuditBinding;
  readonly tokens?: AdminAuditBinding;
}

/**
 * Where the options known only at start-up come from (the access profiles and tool mode of an app's
 * `forRootAsync()` factory): a factory of the whole `AdminModuleOptions`, and the modules it needs. Its `path`,
 * `keys` and `scope` are those given to `forRoot()` (they decide what is mounted).
 */
export interface AdminOptionsBinding extends Pick<ModuleMetadata, 'imports'> {
  readonly inject?: FactoryProvider['inject'];
  readonly useFactory: (...args: never[]) => Pick<AdminModuleOptions, 'access' | 'toolMode'>;
}

/**
 * The admin API: JSON over HTTP at `path` (`/admin`) on the application's HTTP server, for the people
 * who run the service — the access explainer (`<path>/access/explain`), the operator door of durable
 * executions (`<path>/executions/<id>`, `…/approve`, `…/reject`, `…/rollback`), what is happening on this instance
 * (`<path>/live`) and the recent audit lines (`<path>/audit`). Served only to a
 * request with an admin key, or an OAuth token granting the admin `scope` (401 without one, 403 for an
 * ordinary key or a token without the scope); every request is one audit
 * line. The operator console's static files are served at `<path>/console/` (without the key: the page
 * asks for it and sends it on each API call). Needs `RegistryModule` (global). Without admin keys or scope it declares nothing, so nothing is added
 * to any request path.
 * @publicApi
 */
@Module({})
export class AdminModule {
  static forRoot(
    options: AdminModuleOptions,
    audit?: AdminAuditBinding,
    executions?: AdminExecutionsBinding,
    monitoring: AdminMonitoringBindings = {},
    resolved?: AdminOptionsBinding,
  ): DynamicModule {
    if (options.keys.length === 0 && !options.scope) return { module: AdminModule };
    const path = controllerPath(options, DEFAULT_ADMIN_PATH);
    const bindings = [audit, executions, monitoring.live, monitoring.auditLog, monitoring.tokens];
    return {
      module: AdminModule,
      imports: [...bindings.flatMap((binding) => binding?.imports ?? []), ...(resolved?.imports ?? [])],
      controllers: [
        adminController(path),
        executionsController(path),
        monitoringController(path),
        consoleController(path),
      ],
      providers: [
        optionsProvider(options, resolved),
        ...bindings.flatMap((binding) => (binding ? [binding.provider] : [])),
        {
          provide: AccessExplainer,
          inject: [OperationRegistry, OperationInvoker, ADMIN_OPTIONS],
          useFactory: (registry: OperationRegistry, invoker: OperationInvoker, admin: AdminModuleOptions) =>
            new AccessExplainer({ registry, invoker, access: admin.access, toolMode: admin.toolMode }),
        },
        AdminRequests,
      ],
      exports: [AccessExplainer],
    };
  }
}

/** `ADMIN_OPTIONS`: checked now when known now (a definition error), else when the factory runs (a start-up error). */
function optionsProvider(options: AdminModuleOptions, resolved?: AdminOptionsBinding): Provider {
  if (!resolved) return { provide: ADMIN_OPTIONS, useValue: checkAdminOptions(options) };
  return {
    provide: ADMIN_OPTIONS,
    inject: resolved.inject ?? [],
    useFactory: (...args: never[]) => {
      const { access, toolMode } = resolved.useFactory(...args);
      return checkAdminOptions({
        ...options,
        ...(access ? { access } : {}),
        ...(toolMode ? { toolMode } : {}),
      });
    },
  };
}
