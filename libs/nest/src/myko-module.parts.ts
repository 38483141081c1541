import { AccessProfiles } from '@myko/access';
import type { DispatchModuleOptions } from '@myko/dispatch';
import type { GatewaysModuleOptions } from '@myko/gateways';
import type { StateModuleOptions } from '@myko/state';
import type { AuditOptions } from './audit/audit.options';
import type { MykoModuleOptions } from './myko-module.options';
import { DEFAULT_MYKO_PATH } from './myko-nest.constants';

/** `MykoModuleOptions` as the libs' modules take them. */
export interface MykoLibOptions {
  gateways: GatewaysModuleOptions;
  dispatch: DispatchModuleOptions;
  state: StateModuleOptions;
  audit: Partial<AuditOptions>;
}

/** Splits the module's options into the options of the modules it composes. */
export function libOptionsOf(options: MykoModuleOptions): MykoLibOptions {
  const { access, observability, sandbox, instructions, audit } = options;
  return {
    gateways: {
      ...options.gateways,
      mcpPaths: mcpPathsOf(options),
      health: options.health ?? false,
      ...(access ? { access: access instanceof AccessProfiles ? access : new AccessProfiles(access) } : {}),
      ...(observability?.metrics ? { metrics: observability.metrics } : {}),
      ...(observability?.tracing ? { tracing: observability.tracing } : {}),
    },
    dispatch: { ...options.dispatch, ...(instructions ? { instructions } : {}), ...(sandbox ? { sandbox } : {}) },
    state: options.state ?? {},
    audit: audit === false ? { enabled: false } : (audit ?? {}),
  };
}

/** The Streamable HTTP paths: `path` first (the WebSocket's), then the aliases. */
export function mcpPathsOf(options: Pick<MykoModuleOptions, 'path' | 'pathAliases'>): string[] {
  return [options.path ?? DEFAULT_MYKO_PATH, ...(options.pathAliases ?? [])];
}
