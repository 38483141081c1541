import type { FilterNarrowing } from '@myko/filter';

/**
 * Where an execution is: `running` (its record is written at its end or at a pause only), `completed`, `failed`
 * (the script threw or a limit stopped it), `paused` (waiting for a decision), `rejected` (an operator said no),
 * `diverged` (a resume asked for another call than the journal recorded), `expired` (paused, and nobody decided
 * it before its `expiresAt`: see `asOfNow`); after a rollback of a rejected, failed, diverged or expired one,
 * `rolled_back` (every committed command compensated) or `rollback_failed` (a compensation failed:
 * `rollback.failed` names it; a later rollback goes on from there).
 */
export type ExecutionState =
  | 'running'
  | 'completed'
  | 'failed'
  | 'paused'
  | 'rejected'
  | 'diverged'
  | 'expired'
  | 'rolled_back'
  | 'rollback_failed';

/** Every `ExecutionState`, for checking a state a caller names. */
export const EXECUTION_STATES: readonly ExecutionState[] = [
  'running',
  'completed',
  'failed',
  'paused',
  'rejected',
  'diverged',
  'expired',
  'rolled_back',
  'rollback_failed',
];

/** The operation kinds a script calls through `myko.*` (search and describe change nothing and are not journaled). */
export type JournaledKind = 'query' | 'view' | 'report' | 'command';

/** One `myko.*` operation call of an execution, in call order. */
export interface JournalCall {
  readonly kind: JournaledKind;
  /** `<kind>_<id>` */
  readonly operation: string;
  /** Canonical JSON of the arguments (keys sorted): a replay must send the same. */
  readonly args: string;
  readonly outcome: 'ok' | 'error';
  /** SHA-256 (hex) of the JSON result, or of `Name: message` of the error. */
  readonly digest: string;
  /** The JSON result the script received, what a replay answers. */
  readonly result?: string;
  /** The error the script saw. */
  readonly error?: { readonly name: string; readonly message: string; readonly code?: string };
}

/** The call a paused execution waits on, not yet run. */
export interface ExecutionWaitingFor {
  readonly reason: 'approval';
  /** `command_<id>` */
  readonly operation: string;
  /** Canonical JSON of its arguments. */
  readonly args: string;
  /** Its place in the journal: the replay answers every call before it. */
  readonly position: number;
}

/** Who started the execution: a decision resumes it as them (their profile's filters), never as the operator. */
export interface ExecutionOwner {
  /**
   * Whose it is in listings (`principalOf` of the client that started it): its API key or token identity
   * (`key:<digest prefix>`), else its address (`address:<ip>`). A client lists only the executions of its own.
   * Absent in records written before listings: then `clientId`, else `session:<sessionId>`.
   */
  readonly tenant?: string;
  /** Its access profile's name. */
  readonly principal?: string;
  readonly identity?: string;
  readonly subject?: string;
  readonly clientId?: string;
  readonly sessionId: string;
  /**
   * The conversation a gateway named for the starting request (`ClientContext.conversationId`: a stateless
   * request's); absent, the conversation is the session. A resume runs in it, so the conversation's quotas,
   * fairness turns and abuse strikes count the resumed run. Absent in records written before: the session.
   */
  readonly conversationId?: string;
  readonly clientName?: string;
}

/** An execution as the state store keeps it (JSON). */
export interface ExecutionRecord {
  readonly id: string;
  state: ExecutionState;
  readonly createdAt: number;
  updatedAt: number;
  /** When the store forgets it; a paused one expires then, and is kept one more retention period as `expired`. */
  expiresAt: number;
  readonly owner: ExecutionOwner;
  /**
   * What the starting request's own headers (stdio: the `MYKO_MCP_TOOL_*` variables) narrowed its owner's profile
   * with (`ClientContext.narrowing`): a resume
   * runs under the profile AND this, the access the request had. Never a key. Over `MAX_NARROWING_CHARS` it is not
   * kept and the run cannot pause (its record is `truncated`): a resume without it would run wider.
   */
  readonly narrowing?: FilterNarrowing;
  /** The script as it ran (after any type check), and its time limit: a resume runs it again. */
  readonly script: { readonly code: string; readonly timeoutMs?: number };
  calls: JournalCall[];
  /** Over the size cap the journal stops recording: the run is served, but cannot be resumed. */
  truncated: boolean;
  waitingFor?: ExecutionWaitingFor;
  /** How many times it paused: each pause is decided once (`ExecutionStore.claim`). */
  pauses: number;
  /** The last decision, by whom. */
  decision?: { readonly verdict: 'approved' | 'rejected'; readonly by: string; readonly at: number };
  /** `diverged`: the call the replay asked for instead of the recorded one. */
  divergedAt?: string;
  /** `failed`: what stopped it. */
  error?: string;
  /** Its rollback, once one was asked for (`ExecutionRollbacks`). */
  rollback?: ExecutionRollbackRecord;
}

/** What a rollback did so far: which committed calls it compensated, which it skipped, where it failed. */
export interface ExecutionRollbackRecord {
  /** The operator of the last rollback attempt, and when it started. */
  by: string;
  at: number;
  /** How many rollbacks were started (each is claimed once, on any instance). */
  attempts: number;
  /**
   * How many of them ended in `rollback_failed`: the next attempt's claim. An attempt still running (or cut short
   * with its instance) keeps its claim, so a second rollback started meanwhile is refused instead of running the
   * same compensations beside it. Absent on records written before: `attempts` then.
   */
  ended?: number;
  /** Journal positions of the committed calls compensated, in the order they were (the latest call first). */
  compensated: number[];
  /** Journal positions of committed calls left as they are (no compensation, `skipUncompensated`). */
  skipped: number[];
  /** `rollback_failed`: the compensation that failed, for which call, and why. */
  failed?: {
    readonly position: number;
    readonly operation: string;
    readonly compensation: string;
    readonly error: string;
  };
}

/** Bounds of a journal and how long records are kept. */
export interface ExecutionLimits {
  /** How long a record (and a paused run) is kept. */
  readonly retentionMs: number;
  /** Most calls recorded; past it the journal is truncated. */
  readonly maxEntries: number;
  /** Most bytes of recorded arguments and results; past it the journal is truncated. */
  readonly maxBytes: number;
}

/** Most characters of a kept narrowing (about what Node's default 16 KiB header limit lets a request send). */
export const MAX_NARROWING_CHARS = 16 * 1024;

/** 24 h, 10 000 calls, 4 MiB. */
export const DEFAULT_EXECUTION_LIMITS: ExecutionLimits = {
  retentionMs: 24 * 60 * 60 * 1000,
  maxEntries: 10_000,
  maxBytes: 4 * 1024 * 1024,
};
