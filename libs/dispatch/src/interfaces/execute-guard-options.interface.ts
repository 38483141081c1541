/**
 * The abuse backoff of `execute`: a client whose runs were stopped by the CPU, memory or wall-clock
 * limit `strikes` times within `windowMs` is refused `execute` for `cooldownMs`; a client that earns
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
   * Sandbox runs one session holds at once, running or queued; its further `execute` calls wait their
   * turn, so one client cannot take every slot. 0: no limit.
   * @default 1
   */
  maxRunsPerSession: number;
  /** `false`: off. @default { strikes: 3, windowMs: 60000, cooldownMs: 30000, maxCooldownMs: 600000 } */
  abuseBackoff: AbuseBackoffOptions | false;
}
