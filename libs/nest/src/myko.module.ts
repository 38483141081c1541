import { BEARER_TOKEN_AUTHENTICATOR } from '@myko/access';
import {
  ADMIN_AUDIT,
  ADMIN_AUDIT_LOG,
  ADMIN_EXECUTIONS,
  ADMIN_LIVE,
  ADMIN_TOKENS,
  AdminModule,
  type AdminModuleOptions,
} from '@myko/admin';
import { ApprovalDoors, DispatchModule, ExecuteActivity, ExecutionDecisions, ExecutionRollbacks } from '@myko/dispatch';
import { GatewaysModule, McpGateway, McpSessionRegistry } from '@myko/gateways';
import { McpPrimitivesModule } from '@myko/mcp';
import { OpenApiConnectorModule } from '@myko/openapi';
import { RegistryModule } from '@myko/registry';
import { MessageBus, StateModule } from '@myko/state';
import { type DynamicModule, Module, type ModuleMetadata, type Provider } from '@nestjs/common';
import { AdminAuditAdapter } from './admin/admin-audit.adapter';
import { AdminExecutionsAdapter } from './admin/admin-executions.adapter';
import { AdminLiveAdapter } from './admin/admin-live.adapter';
import { AuditModule } from './audit/audit.module';
import { AuditExportReading } from './audit/audit-export.reading';
import { AuditLog } from './audit/audit-log.service';
import { EdgeRefusalAudit } from './audit/edge-refusal.audit';
import type { MykoModuleAsyncOptions, MykoModuleOptions, MykoStaticOptions } from './myko-module.options';
import { libOptionsOf, type MykoLibOptions, mcpPathsOf } from './myko-module.parts';
import { MYKO_MODULE_OPTIONS } from './myko-nest.constants';
import { MykoOptionsModule } from './myko-options.module';

/**
 * MCP in Code Mode for a Nest application: the `@Query`/`@View`/`@Report`/`@Command` methods of the
 * application's own providers, anywhere in it, discovered with their injected dependencies, served as
 * `search` + `execute` over Streamable HTTP and WebSocket at `path` on the application's own HTTP
 * server (Express or Fastify), beside its routes. Composes the registry and MCP primitives, the state
 * (memory or Redis), dispatch with its sandbox, the gateways and the audit log. Import it once, in the
 * root module; `app.close()` (and `enableShutdownHooks()`) drains MCP before the application's own
 * shutdown hooks run. `myko-nest serve` is built on it.
 * @publicApi
 */
@Module({})
export class MykoModule {
  /**
   * @example
   * ```ts
   * MykoModule.forRoot({ path: '/agents/mcp', access: { auth: { required: true }, profiles: { … } } })
   * ```
   */
  static forRoot(options: MykoModuleOptions = {}): DynamicModule {
    const lib = libOptionsOf(options);
    const composed = MykoModule.compose([
      StateModule.forRoot(lib.state),
      DispatchModule.forRoot(lib.dispatch),
      GatewaysModule.forRoot(lib.gateways),
      AuditModule.forRoot(lib.audit),
    ]);
    const settings = optionsHolder([], { provide: MYKO_MODULE_OPTIONS, useValue: lib });
    const admin = adminModules(options.admin, composed, settings, adminSettingsOf(lib));
    const extra = [...connectorModules(options), ...admin];
    return extra.length === 0 ? composed : { ...composed, imports: [...(composed.imports ?? []), ...extra] };
  }

  /**
   * Options known only at start-up (`useFactory` + `inject` + `imports`, as `TypeOrmModule`). `path`,
   * `pathAliases`, `health`, `observability` and `admin` stay beside the factory: they decide routes and
   * providers, which Nest fixes when the module is defined.
   * @example
   * ```ts
   * MykoModule.forRootAsync({
   *   path: '/agents/mcp',
   *   imports: [ConfigModule],
   *   inject: [ConfigService],
   *   useFactory: (config: ConfigService) => ({ state: { redis: { url: config.get('REDIS_URL') } } }),
   * })
   * ```
   */
  static forRootAsync(options: MykoModuleAsyncOptions): DynamicModule {
    const { imports = [], inject = [], useFactory, ...fixed } = options;
    const holder = optionsHolder(imports, {
      provide: MYKO_MODULE_OPTIONS,
      inject,
      useFactory: async (...args: never[]) => libOptionsOf({ ...(await useFactory(...args)), ...fixed }),
    });
    const from = <T>(pick: (lib: MykoLibOptions) => T) => ({
      imports: [holder],
      inject: [MYKO_MODULE_OPTIONS],
      useFactory: pick,
    });
    const composed = MykoModule.compose([
      StateModule.forRootAsync(from((lib) => lib.state)),
      DispatchModule.forRootAsync(from((lib) => lib.dispatch)),
      GatewaysModule.forRootAsync({ ...from((lib) => lib.gateways), ...gatewaysStaticOf(fixed), oauthMetadata: true }),
      AuditModule.forRootAsync(from((lib) => lib.audit)),
    ]);
    const admin = adminModules(fixed.admin, composed, holder);
    return admin.length === 0 ? composed : { ...composed, imports: [...(composed.imports ?? []), ...admin] };
  }

  /** The composition both entry points share: the registry and MCP primitives are global, once. */
  private static compose([state, dispatch, gateways, audit]: DynamicModule[]): DynamicModule {
    return {
      module: MykoModule,
      imports: [RegistryModule, McpPrimitivesModule, state, dispatch, gateways, audit],
      // The edge's refusals reach the audit log, and its export's losses `/metrics`, here, where both modules are known.
      providers: [EdgeRefusalAudit, AuditExportReading],
      exports: [gateways, audit],
    };
  }
}

function connectorModules(options: MykoModuleOptions): DynamicModule[] {
  const connectors = options.connectors ?? [];
  return connectors.length === 0 ? [] : [OpenApiConnectorModule.forRoot({ connectors })];
}

/** The module that holds the split options (`MYKO_MODULE_OPTIONS`): a value, or the app's factory's result. */
function optionsHolder(imports: ModuleMetadata['imports'], provider: Provider): DynamicModule {
  return { module: MykoOptionsModule, imports, providers: [provider], exports: [MYKO_MODULE_OPTIONS] };
}

/** What the admin API takes from the other options: the access profiles the MCP door enforces, and the tool mode. */
function adminSettingsOf(lib: MykoLibOptions): Pick<AdminModuleOptions, 'access' | 'toolMode'> {
  const { access } = lib.gateways;
  const { toolMode } = lib.dispatch;
  return { ...(access ? { access } : {}), ...(toolMode ? { toolMode } : {}) };
}

/**
 * The admin API, only with admin keys or an admin scope (nothing is mounted otherwise); its audit lines go to
 * the audit log, which it reaches through the module that provides it; an admin scope's tokens are verified
 * by the gateways' OAuth authenticator. Its access profiles and tool mode are `known` at definition (`forRoot`),
 * else read from `settings` at start-up (`forRootAsync`'s factory).
 */
function adminModules(
  admin: MykoModuleOptions['admin'],
  composed: DynamicModule,
  settings: DynamicModule,
  known?: Pick<AdminModuleOptions, 'access' | 'toolMode'>,
): DynamicModule[] {
  if (!admin || (admin.keys.length === 0 && !admin.scope)) return [];
  const imported = (module: unknown) =>
    (composed.imports ?? []).filter((entry) => (entry as DynamicModule).module === module) as DynamicModule[];
  const [audit, dispatch, gateways] = [imported(AuditModule), imported(DispatchModule), imported(GatewaysModule)];
  return [
    AdminModule.forRoot(
      { ...admin, ...known },
      { imports: audit, provider: { provide: ADMIN_AUDIT, useExisting: AuditLog } },
      {
        imports: [...dispatch, settings],
        provider: {
          provide: ADMIN_EXECUTIONS,
          inject: [ExecutionDecisions, ExecutionRollbacks, ApprovalDoors, MYKO_MODULE_OPTIONS],
          // Built only when the admin API mounts its executions routes: an operator can decide pauses from then on.
          useFactory: (
            decisions: ExecutionDecisions,
            rollbacks: ExecutionRollbacks,
            doors: ApprovalDoors,
            lib: MykoLibOptions,
          ) => {
            doors.openOperatorDoor('admin-api');
            return new AdminExecutionsAdapter(decisions, lib.gateways.access, rollbacks);
          },
        },
      },
      {
        auditLog: {
          imports: audit,
          provider: {
            provide: ADMIN_AUDIT_LOG,
            inject: [AuditLog],
            useFactory: (log: AuditLog) => new AdminAuditAdapter(log),
          },
        },
        tokens: {
          imports: gateways,
          provider: { provide: ADMIN_TOKENS, useExisting: BEARER_TOKEN_AUTHENTICATOR },
        },
        live: {
          imports: [...dispatch, ...gateways],
          provider: {
            provide: ADMIN_LIVE,
            inject: [
              ExecuteActivity,
              { token: McpSessionRegistry, optional: true },
              { token: McpGateway, optional: true },
              { token: MessageBus, optional: true },
            ],
            useFactory: (
              activity: ExecuteActivity,
              sessions?: McpSessionRegistry,
              connections?: McpGateway,
              bus?: MessageBus,
            ) => new AdminLiveAdapter({ activity, sessions, connections, bus }),
          },
        },
      },
      known
        ? undefined
        : {
            imports: [settings],
            inject: [MYKO_MODULE_OPTIONS],
            useFactory: (lib: MykoLibOptions) => adminSettingsOf(lib),
          },
    ),
  ];
}

/** The static options as `GatewaysModule.forRootAsync()` takes them. */
function gatewaysStaticOf(fixed: MykoStaticOptions) {
  return {
    mcpPaths: mcpPathsOf(fixed),
    health: fixed.health ?? false,
    ...(fixed.observability?.metrics ? { metrics: fixed.observability.metrics } : {}),
    ...(fixed.observability?.tracing ? { tracing: fixed.observability.tracing } : {}),
  };
}
