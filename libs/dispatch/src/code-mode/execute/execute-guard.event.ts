import type { CooldownLevel, CooldownStart, ExecuteCooldown } from './execute-abuse.guard';
import type { ExecuteLimitRefusal } from './execute-limit.error';

/**
 * What an `execute` guard did to a client, for the audit log (a SIEM's input): a cooldown or pause that started,
 * a call refused by a cooldown or a quota, or a principal moved to the sandbox's low-priority lane.
 */
export type GuardAction = 'cooldown' | 'refused' | 'demoted';

/** One guard event: who, what, why, and until when. Built only when someone listens (`ExecuteMonitor.onGuard`). */
export interface GuardEvent {
  readonly action: GuardAction;
  /** Epoch ms. */
  readonly at: number;
  /** The tenant (`key:…`, `address:…`, `session:…`), as the backoff and the fair shares count it. */
  readonly principal: string;
  /** `<principal>/<session or conversation>`, when one conversation is concerned. */
  readonly conversation?: string;
  /** The access profile, when known. */
  readonly profile?: string;
  /** Cooldowns and their refusals: the conversation's or the whole principal's. */
  readonly level?: CooldownLevel;
  /**
   * Why: a cooldown's cause (`cpu`, `memory`, `timeout`, `idle`, `probing`, `conversations`, `strikes`…), a
   * refusal's limit (`execute-abuse-backoff`, `quota.runsAtOnce`, `execute-runs-per-key`…), a demotion's
   * `cpu-bound` / `cpu-share`.
   */
  readonly reason: string;
  /** Epoch ms when the cooldown ends. */
  readonly until?: number;
  readonly retryAfterMs?: number;
}

/** A cooldown that has just started, as a guard event. */
export function cooldownEvent(start: CooldownStart, at = Date.now()): GuardEvent {
  const { principal, conversation, level, cause, durationMs } = start;
  return { action: 'cooldown', at, principal, conversation, level, reason: cause, until: at + durationMs };
}

/** An `execute` refused during a cooldown. */
export function cooldownRefusalEvent(
  party: { principal: string; conversation: string },
  cooldown: ExecuteCooldown,
  profile: string | undefined,
  at = Date.now(),
): GuardEvent {
  return {
    action: 'refused',
    at,
    ...party,
    ...(profile === undefined ? {} : { profile }),
    level: cooldown.level,
    reason: 'execute-abuse-backoff',
    until: at + cooldown.retryAfterMs,
    retryAfterMs: cooldown.retryAfterMs,
  };
}

/** An `execute` refused by a resident cap or a profile quota, before it ran. */
export function limitRefusalEvent(
  party: { principal: string; conversation: string },
  refusal: Pick<ExecuteLimitRefusal, 'limit' | 'retryAfterMs'>,
  profile: string | undefined,
  at = Date.now(),
): GuardEvent {
  return {
    action: 'refused',
    at,
    ...party,
    ...(profile === undefined ? {} : { profile }),
    reason: refusal.limit,
    retryAfterMs: refusal.retryAfterMs,
  };
}
