/**
 * The abuse backoff of `execute`: a client (its API key, else its address) whose runs were stopped by the
 * CPU, memory or wall-clock limit, crashed their sandbox process, or held residency idle (a script awaiting
 * nothing for `IDLE_STRIKE_MS`, cancelled or not) `strikes` times within `windowMs` is refused `execute`
 * for `cooldownMs`; a client that earns
 * another cooldown within `maxCooldownMs` of the last one ending gets twice the previous one, up to
 * `maxCooldownMs`.
 */
export interface AbuseBackoffOptions {
  /** @default 3 */
  strikes: number;
  /** @default 60000 */
  windowMs: number;
  /** @default 30000 */
  cooldownMs: number;
  /** @default 600000 */
  maxCooldownMs: number;
}

/** Per-client rules in front of the sandbox (`DispatchModuleOptions.execute`). */
export interface ExecuteGuardOptions {
  /**
   * Runs one session holds resident at once (computing or awaiting operations); past it, its `execute` is
   * refused at once with a retry hint (JSON-RPC -32029, `data: { limit, retryAfterMs }`). 0: no limit.
   * @default 4
   */
  maxRunsPerSession: number;
  /** The same per API key (over all its sessions); half the sandbox's `maxResident` by default. 0: no limit. @default 128 */
  maxRunsPerKey: number;
  /** The same per client address, for clients without an API key (over all their sessions). 0: no limit. @default 128 */
  maxRunsPerAddress: number;
  /** `false`: off. @default { strikes: 3, windowMs: 60000, cooldownMs: 30000, maxCooldownMs: 600000 } */
  abuseBackoff: AbuseBackoffOptions | false;
}
