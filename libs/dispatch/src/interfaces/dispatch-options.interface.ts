import type { ProfileQuotas, ToolMode } from '@myko/access';
import type { McpLogLevel } from '@myko/mcp';
import type { SandboxOptions } from '@myko/sandbox';
import type { FactoryProvider, ModuleMetadata } from '@nestjs/common';
import type { AbuseBackoffOptions, ExecuteGuardOptions } from './execute-guard-options.interface';
import type { FairnessOptions } from './fairness-options.interface';

/** Which eras one endpoint serves (`protocol` in the config file). */
export type ProtocolMode = 'dual' | 'modern-only' | 'legacy-only';

/** Identity reported in the `initialize` result. */
export interface ServerIdentity {
  /** @default 'myko-nest' */
  name?: string;
  /** Human-readable name. @default 'myko-nest' */
  title?: string;
  /** @default '0.0.0' — the app passes its package version */
  version?: string;
}

/** Limits of live queries (`myko://live/…` and published resources). */
export interface LiveQueryOptions {
  /** Live queries one session may subscribe to at once. @default 64 */
  maxPerSession: number;
  /** Distinct live queries watched server-wide (sessions watching the same URI count once). @default 10000 */
  maxWatched: number;
  /** Queries recomputed per round after commands; the rest wait for the next round. @default 200 */
  recomputeBudget: number;
  /** How long changes are gathered before the affected queries are recomputed (once per burst). @default 10 */
  coalesceMs: number;
}

/**
 * How instances sharing Redis tell one another the resources their clients watch, so that
 * `ResourceEvents.isWatched(uri)` answers for all of them (unused on a single instance).
 */
export interface ClusterWatchOptions {
  /** How often an instance with watched resources tells the others its whole set again. @default 10000 */
  watchPeriodMs: number;
  /**
   * How long the others keep a set they heard: an instance gone without a word counts as watching until
   * then. At least `watchPeriodMs`. @default 3 × watchPeriodMs
   */
  watchLeaseMs: number;
}

/** Options of `DispatchModule.forRoot()`. */
export interface DispatchModuleOptions {
  serverInfo?: ServerIdentity;
  /** Sent as `instructions` in the `initialize` result; omitted when not configured. */
  instructions?: string;
  /** Limits of the `execute` sandbox (wall clock, memory, calls…); safe defaults when omitted. */
  sandbox?: Partial<SandboxOptions>;
  /**
   * Per-client rules in front of the sandbox: runs a session, an API key and an address may hold resident at
   * once (defaults 4, 128, 128: half the sandbox's resident places; past them `execute` is refused at once, retryable) and the abuse backoff
   * (default on: 3 limit-stopped runs in 60 s → `execute` refused for 30 s, doubling up to 10 min).
   */
  execute?: {
    maxRunsPerSession?: number;
    maxRunsPerKey?: number;
    maxRunsPerAddress?: number;
    /** Largest script, in UTF-8 bytes; a longer one is refused before it is scanned. @default 262144 (256 KiB) */
    maxScriptBytes?: number;
    abuseBackoff?: Partial<AbuseBackoffOptions> | false;
    /** Type checks at once, in worker processes warmed at boot. 0: min(2, cores). @default 0 */
    typeCheckWorkers?: number;
    /** A type check's time from when a worker starts it (under strict, an unjudged script does not run). @default 2000 */
    typeCheckTimeoutMs?: number;
    /** Type checks waiting for a worker, in all; past it `execute` is refused, retryable. @default 256 */
    typeCheckQueue?: number;
    /** The same per client. @default 64 */
    typeCheckQueuePerClient?: number;
    /**
     * Type-check a script before it runs, against the operations it names as this client sees them (see
     * docs/code-mode.md): `strict` refuses a script with a type error before anything runs, `warn` runs it
     * and returns the diagnostics beside the result, `off` runs every script unchecked.
     * @default 'strict'
     */
    typeCheck?: 'strict' | 'warn' | 'off';
    /** Access profiles (by name, the client's `principal`) whose scripts are checked otherwise than `typeCheck`. */
    profileTypeChecks?: Readonly<Record<string, 'strict' | 'warn' | 'off'>>;
    /**
     * UTF-8 bytes of an `execute` result the model reads; a larger result is cut structurally (still valid JSON)
     * with a note of what was cut. The sandbox's `maxResultBytes` stays the hard cap. @default 16384
     */
    resultBudgetBytes?: number;
    /** Access profiles (by name) whose results get another budget than `resultBudgetBytes`. */
    profileResultBudgets?: Readonly<Record<string, number>>;
    /** How long an execution's record is kept, and a paused one waits for a decision. @default 86400000 (24 h) */
    executionRetentionMs?: number;
    /** Calls an execution's journal records; past it, truncated (no pause, no resume). @default 10000 */
    journalMaxEntries?: number;
    /** Bytes of arguments and results an execution's journal records. @default 4194304 (4 MiB) */
    journalMaxBytes?: number;
    /**
     * Bench only (`bench/benchmarks/journal.bench.js`), never in the config file: `false` runs scripts without their
     * execution journal (no call recorded, nothing written, no pause, no resume), the baseline the journal's cost
     * is measured against. @internal @default true
     */
    journaling?: boolean;
    /** Longest a task of `execute` (MCP Tasks) and its result are kept; a client's ttl is capped at it. @default 86400000 (24 h) */
    taskMaxTtlMs?: number;
  };
  /**
   * Log level of a session until its client sends `logging/setLevel`: operation and tool logs at or
   * above it reach the client as `notifications/message`.
   * @default 'info'
   */
  logLevel?: McpLogLevel;
  /**
   * How long a request to the client (sampling, elicitation) may wait for its answer before it is
   * cancelled; a person may be answering an elicitation.
   * @default 300000 (5 minutes)
   */
  clientRequestTimeoutMs?: number;
  /**
   * How operations are offered as tools: `code` (`search` + `execute`), `direct` (one tool per
   * visible operation, `<kind>_<id>`, with its schemas and annotations) or `both`.
   * @default 'code'
   */
  toolMode?: ToolMode;
  /** Access profiles (by name, the client's `principal`) served in another mode than `toolMode`. */
  profileToolModes?: Readonly<Record<string, ToolMode>>;
  /** Limits of live queries; each field defaults as documented on `LiveQueryOptions`. */
  live?: Partial<LiveQueryOptions>;
  /** Several instances on Redis: how they share what they watch; defaults as documented on `ClusterWatchOptions`. */
  cluster?: Partial<ClusterWatchOptions>;
  /** Main-thread work per turn of the event loop, shared round-robin by client; defaults in `FAIRNESS_OPTION_TABLE`. */
  fairness?: Partial<FairnessOptions>;
  /**
   * Access profiles' quotas (by name, the client's `principal`): `callsPerSecond`, `runsAtOnce` and
   * `sandboxCpuPercent` are applied here, each per principal or per conversation (`work-identity.ts`).
   */
  profileQuotas?: Readonly<Record<string, ProfileQuotas>>;
  /**
   * Which MCP eras every transport serves: `dual` (2026-07-28 stateless requests beside 2025-era
   * `initialize` sessions), `modern-only` or `legacy-only`.
   * @default 'dual'
   */
  protocol?: ProtocolMode;
  /**
   * Signing of the 2026-07-28 `requestState` (HMAC-SHA256): `key` (at least 32 characters; random per
   * start when absent, so states do not survive a restart or cross replicas) and how long a state stays
   * good (default 600 s).
   */
  requestState?: { key?: string; ttlSeconds?: number };
}

/** The options after defaults are applied. */
export interface ResolvedDispatchOptions {
  serverInfo: Required<ServerIdentity>;
  instructions?: string;
  logLevel: McpLogLevel;
  clientRequestTimeoutMs: number;
  toolMode: ToolMode;
  profileToolModes: Readonly<Record<string, ToolMode>>;
  execute: ExecuteGuardOptions;
  live: LiveQueryOptions;
  fairness: FairnessOptions;
  profileQuotas: Readonly<Record<string, ProfileQuotas>>;
  cluster: ClusterWatchOptions;
  protocol: ProtocolMode;
  requestState: { key?: string; ttlSeconds: number };
}

/** `DispatchModule.forRootAsync()`: the options, sandbox included, computed at start-up. */
export interface DispatchModuleAsyncOptions extends Pick<ModuleMetadata, 'imports'> {
  /** Providers handed to `useFactory`, in order. */
  inject?: FactoryProvider['inject'];
  useFactory: (...args: never[]) => DispatchModuleOptions | Promise<DispatchModuleOptions>;
}
