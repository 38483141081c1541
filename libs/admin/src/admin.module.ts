import { OperationInvoker, OperationRegistry } from '@myko/registry';
import { type DynamicModule, Module, type ModuleMetadata, type Provider } from '@nestjs/common';
import { ADMIN_OPTIONS, DEFAULT_ADMIN_PATH } from './admin.constants';
import { AccessExplainer } from './explain/access-explainer';
import { adminController, controllerPath } from './http/admin.controller';
import { AdminRequests } from './http/admin-requests';
import type { AdminModuleOptions } from './interfaces';

/** Where the admin API's audit lines go: a provider of `ADMIN_AUDIT`, and the modules it needs. */
export interface AdminAuditBinding extends Pick<ModuleMetadata, 'imports'> {
  readonly provider: Provider;
}

/**
 * The admin API: JSON over HTTP at `path` (`/admin`) on the application's HTTP server, for the people
 * who run the service — the access explainer today (`<path>/access/explain`). Served only to a
 * request with an admin key (401 without one, 403 for an ordinary key); every request is one audit
 * line. Needs `RegistryModule` (global). Without admin keys it declares nothing, so nothing is added
 * to any request path.
 * @publicApi
 */
@Module({})
export class AdminModule {
  static forRoot(options: AdminModuleOptions, audit?: AdminAuditBinding): DynamicModule {
    if (options.keys.length === 0) return { module: AdminModule };
    return {
      module: AdminModule,
      imports: audit?.imports ?? [],
      controllers: [adminController(controllerPath(options, DEFAULT_ADMIN_PATH))],
      providers: [
        { provide: ADMIN_OPTIONS, useValue: options },
        ...(audit ? [audit.provider] : []),
        {
          provide: AccessExplainer,
          inject: [OperationRegistry, OperationInvoker],
          useFactory: (registry: OperationRegistry, invoker: OperationInvoker) =>
            new AccessExplainer({ registry, invoker, access: options.access, toolMode: options.toolMode }),
        },
        AdminRequests,
      ],
      exports: [AccessExplainer],
    };
  }
}
