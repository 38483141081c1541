import type { SandboxOptions } from '@myko/sandbox';

/** Identity reported in the `initialize` result. */
export interface ServerIdentity {
  /** @default 'myko-nest' */
  name?: string;
  /** Human-readable name. @default 'myko-nest' */
  title?: string;
  /** @default '0.0.0' — the app passes its package version */
  version?: string;
}

/** Options of `DispatchModule.forRoot()`. */
export interface DispatchModuleOptions {
  serverInfo?: ServerIdentity;
  /** Sent as `instructions` in the `initialize` result; omitted when not configured. */
  instructions?: string;
  /** Limits of the `execute` sandbox (wall clock, memory, calls…); safe defaults when omitted. */
  sandbox?: Partial<SandboxOptions>;
}

/** The options after defaults are applied. */
export interface ResolvedDispatchOptions {
  serverInfo: Required<ServerIdentity>;
  instructions?: string;
}
