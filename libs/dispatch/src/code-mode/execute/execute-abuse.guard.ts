import type { SandboxFailureKind, SandboxStats } from '@myko/sandbox';
import type { AbuseBackoffOptions } from '../../interfaces/execute-guard-options.interface';

/**
 * How a script may end that counts against its client: a run's failure; `type-check-timeout`, its type check out
 * of its time (or heap: a type bomb holds a type-check worker for its whole limit and costs a fresh worker);
 * `probing`, a script refused before it ran for naming more operations than a check judges or many the caller
 * cannot call (see `ScriptTypeChecker`); `oversize`, a script over `maxScriptBytes`.
 */
export type StrikeCause = SandboxFailureKind | 'type-check-timeout' | 'probing' | 'oversize';

/** Ends that mean the script itself burned a limit (not a plain refusal, a bug or a cancellation). */
const STRIKE_KINDS: ReadonlySet<StrikeCause> = new Set([
  'cpu',
  'memory',
  'timeout',
  'type-check-timeout',
  'probing',
  'oversize',
]);

/**
 * Time a run may hold its resident place doing nothing (no computing, no call awaited) before it counts as
 * a strike, whatever its end (a script cancelled just before its wall clock included). Scripts have no
 * timers, so honest ones idle for milliseconds at most.
 */
export const IDLE_STRIKE_MS = 5_000;

/** Whether a finished run counts against its client: stopped by a limit, or idle in its place too long. */
export function isStrike(failure: StrikeCause | undefined, stats?: Pick<SandboxStats, 'idleMs'>): boolean {
  return (stats?.idleMs ?? 0) >= IDLE_STRIKE_MS || (failure !== undefined && STRIKE_KINDS.has(failure));
}

/** Records are swept at most this often, so the maps only hold parties with recent trouble. */
const SWEEP_INTERVAL_MS = 60_000;

/** Which level a cooldown holds: one conversation, or the whole principal (every conversation of its key). */
export type CooldownLevel = 'conversation' | 'principal';

/**
 * Why a cooldown started: at the conversation level, the strike that reached the threshold (`idle`: a run that
 * held its place idle); at the principal level, `conversations` (too many of them cooled down) or `strikes`.
 */
export type CooldownCause = StrikeCause | 'idle' | 'conversations' | 'strikes';

/** Whose run it was: its principal (`principalOf`) and its conversation inside it (`conversationOf`). */
export interface AbuseParty {
  readonly principal: string;
  readonly conversation: string;
}

/** Why `execute` is refused, and when to try again. */
export interface ExecuteCooldown {
  readonly level: CooldownLevel;
  readonly retryAfterMs: number;
  /** The threshold that started it: strikes of the conversation, else of the principal. */
  readonly strikes: number;
  readonly windowMs: number;
  /** Principal pauses: conversations of the principal cooled down within the window that start one. */
  readonly conversations?: number;
}

/** A cooldown that has just started: reported once (log line, metric), never per refused call. */
export interface CooldownStart extends AbuseParty {
  readonly level: CooldownLevel;
  readonly cause: CooldownCause;
  readonly durationMs: number;
}

interface StrikeRecord {
  /** When each recent strike happened (ms, within the window). */
  strikes: number[];
  /** Cooldowns earned in a row; the next one lasts `cooldownMs × 2^level`. */
  level: number;
  cooldownUntil: number;
}

interface PrincipalRecord extends StrikeRecord {
  /** Its conversations that earned a cooldown, and when (the latest), within the window. */
  cooled: Map<string, number>;
}

const NO_STARTS: readonly CooldownStart[] = Object.freeze([]);

/** The cause a strike reports: its failure, else the idle rule. */
export function strikeCauseOf(failure: StrikeCause | undefined): StrikeCause | 'idle' {
  return failure !== undefined && STRIKE_KINDS.has(failure) ? failure : 'idle';
}

/**
 * The abuse backoff of `execute`, on two levels. Strikes (runs stopped by the CPU, memory or wall-clock limit,
 * a sandbox crash charged to the run, scripts whose type check ran out of time, scripts refused for probing
 * the catalogue or for their size, runs that held their place idle) count per conversation, and
 * `strikes` of them within `windowMs` cool that conversation down, not its siblings under the same key.
 * The principal is paused only when its conversations misbehave as a whole (`principalConversations`
 * cooled down, or `principalStrikes` over all of them, within the window). Why: such a script holds a
 * sandbox slot and a core for its whole limit and a hostile client repeats it at once; and a key is a
 * tenant of many agents, so one agent's runaway scripts must not pause the others.
 */
export class ExecuteAbuseGuard {
  private readonly conversations = new Map<string, StrikeRecord>();
  private readonly principals = new Map<string, PrincipalRecord>();
  private lastSweep = 0;

  constructor(
    private readonly options: AbuseBackoffOptions,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cooldown `party` is in, if any: its principal's pause first, else its conversation's. */
  cooldown(party: AbuseParty): ExecuteCooldown | undefined {
    const now = this.now();
    const principal = (this.principals.get(party.principal)?.cooldownUntil ?? 0) - now;
    if (principal > 0) return principalCooldown(this.options, principal);
    const conversation = (this.conversations.get(party.conversation)?.cooldownUntil ?? 0) - now;
    if (conversation > 0) return conversationCooldown(this.options, conversation);
    return undefined;
  }

  /** Counts a finished run of `party`; returns the cooldowns it started (usually none). */
  record(
    party: AbuseParty,
    failure: StrikeCause | undefined,
    stats?: Pick<SandboxStats, 'idleMs'>,
  ): readonly CooldownStart[] {
    const now = this.now();
    this.sweep(now);
    if (!isStrike(failure, stats)) return NO_STARTS;
    const conversation = this.recordOf(this.conversations, party.conversation, () => newRecord());
    // Runs that started before their conversation's cooldown and end during it are not a new offence, at either
    // level: one conversation alone can then never reach `principalStrikes`.
    if (conversation.cooldownUntil > now) return NO_STARTS;
    const starts: CooldownStart[] = [];
    const cooled = this.strike(conversation, now, this.options.strikes);
    if (cooled > 0) starts.push({ ...party, level: 'conversation', cause: strikeCauseOf(failure), durationMs: cooled });
    const { principalConversations, principalStrikes } = this.options;
    if (principalConversations <= 0 && principalStrikes <= 0) return starts;
    const principal = this.recordOf(this.principals, party.principal, () => ({ ...newRecord(), cooled: new Map() }));
    if (cooled > 0) principal.cooled.set(party.conversation, now);
    const paused = this.pausePrincipal(principal, now);
    if (paused) starts.push({ ...party, level: 'principal', ...paused });
    return starts;
  }

  /** Parties tracked now, both levels (tests, health). */
  get size(): number {
    return this.conversations.size + this.principals.size;
  }

  /** The principal's share of a strike: paused when enough conversations cooled down, or enough strikes. */
  private pausePrincipal(
    record: PrincipalRecord,
    now: number,
  ): { cause: 'conversations' | 'strikes'; durationMs: number } | undefined {
    const { windowMs, principalConversations, principalStrikes } = this.options;
    if (record.cooldownUntil > now) return undefined;
    for (const [conversation, at] of record.cooled) if (now - at >= windowMs) record.cooled.delete(conversation);
    record.strikes = record.strikes.filter((at) => now - at < windowMs);
    record.strikes.push(now);
    let cause: 'conversations' | 'strikes' | undefined;
    if (principalConversations > 0 && record.cooled.size >= principalConversations) cause = 'conversations';
    else if (principalStrikes > 0 && record.strikes.length >= principalStrikes) cause = 'strikes';
    if (!cause) return undefined;
    record.cooled.clear();
    return { cause, durationMs: this.startCooldown(record, now) };
  }

  /** Counts a strike on `record`; returns the cooldown it started (0: none). */
  private strike(record: StrikeRecord, now: number, threshold: number): number {
    record.strikes = record.strikes.filter((at) => now - at < this.options.windowMs);
    record.strikes.push(now);
    return record.strikes.length < threshold ? 0 : this.startCooldown(record, now);
  }

  private startCooldown(record: StrikeRecord, now: number): number {
    const { cooldownMs, maxCooldownMs } = this.options;
    // A party that behaved for a whole longest cooldown after its last one starts again from the first.
    if (now - record.cooldownUntil > maxCooldownMs) record.level = 0;
    const length = Math.min(cooldownMs * 2 ** record.level, maxCooldownMs);
    record.cooldownUntil = now + length;
    record.level++;
    record.strikes = [];
    return length;
  }

  private recordOf<R>(records: Map<string, R>, key: string, create: () => R): R {
    const known = records.get(key);
    if (known) return known;
    const record = create();
    records.set(key, record);
    return record;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    const forgetAfter = Math.max(this.options.windowMs, this.options.maxCooldownMs);
    for (const records of [this.conversations, this.principals] as Map<string, StrikeRecord>[]) {
      for (const [key, record] of records) {
        const lastStrike = record.strikes.at(-1) ?? 0;
        if (now - Math.max(lastStrike, record.cooldownUntil) > forgetAfter) records.delete(key);
      }
    }
  }
}

function newRecord(): StrikeRecord {
  return { strikes: [], level: 0, cooldownUntil: 0 };
}

/** A conversation's cooldown with `leftMs` to go. */
export function conversationCooldown(options: AbuseBackoffOptions, leftMs: number): ExecuteCooldown {
  const { strikes, windowMs } = options;
  return { level: 'conversation', retryAfterMs: Math.ceil(leftMs), strikes, windowMs };
}

/** A principal's pause with `leftMs` to go. */
export function principalCooldown(options: AbuseBackoffOptions, leftMs: number): ExecuteCooldown {
  const { principalStrikes: strikes, principalConversations: conversations, windowMs } = options;
  return { level: 'principal', retryAfterMs: Math.ceil(leftMs), strikes, windowMs, conversations };
}
