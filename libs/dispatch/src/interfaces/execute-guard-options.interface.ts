/**
 * The abuse backoff of `execute`, on two levels. A conversation (an HTTP session, a WebSocket connection, a
 * stateless agent's `X-Myko-Conversation`) whose runs were stopped by the CPU, memory or wall-clock limit,
 * crashed their sandbox process, or held residency idle (a script awaiting nothing for `IDLE_STRIKE_MS`)
 * `strikes` times within `windowMs` is refused `execute` for `cooldownMs`, its siblings under the same key are
 * not; one that earns another cooldown within `maxCooldownMs` of the last one ending gets twice the previous
 * one, up to `maxCooldownMs`. The principal (API key or token identity, else address) is paused as a whole,
 * with the same doubling, only when its conversations keep misbehaving together: `principalConversations` of
 * them earned a cooldown within `windowMs`, or its strikes over all of them reach `principalStrikes` (a client
 * that rotates sessions). Defaults and minimums: `ABUSE_BACKOFF_OPTION_TABLE`.
 */
export interface AbuseBackoffOptions {
  strikes: number;
  windowMs: number;
  cooldownMs: number;
  maxCooldownMs: number;
  /** Conversations of one principal cooled down within `windowMs` that pause the principal; 0: never. */
  principalConversations: number;
  /** Strikes of one principal over all its conversations within `windowMs` that pause it; 0: never. */
  principalStrikes: number;
}

/** Per-client rules in front of the sandbox (`DispatchModuleOptions.execute`); defaults: `EXECUTE_GUARD_OPTION_TABLE`. */
export interface ExecuteGuardOptions {
  /**
   * Runs one session holds resident at once (computing or awaiting operations); past it, its `execute` is
   * refused at once with a retry hint (JSON-RPC -32029, `data: { limit, retryAfterMs }`). 0: no limit.
   */
  maxRunsPerSession: number;
  /** The same per API key (over all its sessions); half the sandbox's `maxResident` by default. 0: no limit. */
  maxRunsPerKey: number;
  /** The same per client address, for clients without an API key (over all their sessions). 0: no limit. */
  maxRunsPerAddress: number;
  /**
   * Largest script `execute` takes, in UTF-8 bytes; a longer one is refused as invalid arguments (a tool
   * error naming the limit) before anything scans it, and counts as a strike of `abuseBackoff`.
   */
  maxScriptBytes: number;
  /** `false`: off. */
  abuseBackoff: AbuseBackoffOptions | false;
  /** Type checks at once (worker processes, warmed at boot); 0: min(2, cores). */
  typeCheckWorkers: number;
  /** A type check's time from when a worker starts it; past it the script is unjudged and its client's strike. */
  typeCheckTimeoutMs: number;
  /** Type checks waiting for a worker, in all; past it `execute` is refused at once, retryable (-32029). */
  typeCheckQueue: number;
  /** The same per client (the abuse backoff's: API key or token identity, else address). */
  typeCheckQueuePerClient: number;
  /** Bytes of an `execute` result the model reads; a larger one is cut structurally, with a note (docs/code-mode.md). */
  resultBudgetBytes: number;
  /** Per access profile (the client's `principal`), over `resultBudgetBytes`. */
  profileResultBudgets: Readonly<Record<string, number>>;
  /** Whether a script is type-checked before it runs (`DispatchModuleOptions.execute.typeCheck`). */
  typeCheck: 'strict' | 'warn' | 'off';
  /** Per access profile (the client's `principal`), over `typeCheck`. */
  profileTypeChecks: Readonly<Record<string, 'strict' | 'warn' | 'off'>>;
  /** How long an execution's record is kept, and a paused execution waits for a decision (docs/code-mode.md). */
  executionRetentionMs: number;
  /** Calls an execution's journal records; past it the journal is truncated (no pause, no resume). */
  journalMaxEntries: number;
  /** Bytes of arguments and results an execution's journal records; past it, as past `journalMaxEntries`. */
  journalMaxBytes: number;
  /** Longest a task of `execute` and its result are kept (a client's ttl is capped at it). */
  taskMaxTtlMs: number;
}
