/**
 * The `abuseBackoff` part of the `sandbox` section: a conversation whose `execute` runs are stopped by the
 * CPU, memory or wall-clock limit `strikes` times within `windowMs` is refused `execute` for a
 * cooldown, doubling on each repeat up to `maxCooldownMs`; its API key or address as a whole only once
 * `principalConversations` of its conversations cooled down, or it earned `principalStrikes`, within `windowMs`.
 * @publicApi
 */
export interface AbuseBackoffConfig {
  /** @default 3 */
  readonly strikes?: number;
  /** @default 60000 */
  readonly windowMs?: number;
  /** @default 30000 */
  readonly cooldownMs?: number;
  /** @default 600000 */
  readonly maxCooldownMs?: number;
  /** @default 3 */
  readonly principalConversations?: number;
  /** @default 10 */
  readonly principalStrikes?: number;
}

/**
 * The `sandbox` section of the config file: sizing and limits of the `execute` sandbox and the
 * per-client rules in front of it. Every field is optional and keeps its documented default.
 * @publicApi
 */
export interface SandboxConfig {
  readonly maxConcurrent?: number;
  readonly maxResident?: number;
  readonly maxQueue?: number;
  readonly wallTimeMs?: number;
  readonly cpuTimeMs?: number;
  readonly memoryMb?: number;
  readonly maxCalls?: number;
  readonly processes?: number;
  readonly processRssLimitMb?: number;
  /** Share of the sandbox's CPU, in percent, one principal may use before its runs turn low-priority (sandbox options). */
  readonly heavyClientCpuPercent?: number;
  /** Scripts one session may hold resident at once; past it `execute` is refused, retryable. 0: no limit. */
  readonly maxRunsPerSession?: number;
  /** The same per API key, over all its sessions. 0: no limit. */
  readonly maxRunsPerKey?: number;
  /** The same per address, for clients without an API key. 0: no limit. */
  readonly maxRunsPerAddress?: number;
  /** Largest `execute` script, in UTF-8 bytes; a longer one is refused before it is scanned. */
  readonly maxScriptBytes?: number;
  /** Bytes of an `execute` result the model reads; a larger one is cut structurally, with a note. */
  readonly resultBudgetBytes?: number;
  /** Type checks at once (worker threads warmed at boot). 0: min(2, cores). */
  readonly typeCheckWorkers?: number;
  /** A type check's time, from when a worker starts it. */
  readonly typeCheckTimeoutMs?: number;
  /** Type checks waiting for a worker, in all; past it `execute` is refused, retryable. */
  readonly typeCheckQueue?: number;
  /** The same per client. */
  readonly typeCheckQueuePerClient?: number;
  /** `false`: off; else the abuse backoff's settings over its defaults. */
  readonly abuseBackoff?: false | AbuseBackoffConfig;
  /** How long an execution's record is kept, and a paused execution waits for a decision. */
  readonly executionRetentionMs?: number;
  /** `myko.*` calls an execution's journal records; past it the journal is truncated. */
  readonly journalMaxEntries?: number;
  /** Bytes of arguments and results an execution's journal records. */
  readonly journalMaxBytes?: number;
  /** Longest a task of `execute` (MCP Tasks) and its result are kept; a client's ttl is capped at it. */
  readonly taskMaxTtlMs?: number;
}
