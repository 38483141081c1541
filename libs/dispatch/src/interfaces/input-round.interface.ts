import type { McpInputRequest } from '@myko/mcp';
import type { DispatchError } from '../errors/dispatch.error';

/** A command an `execute` run completed in an earlier round, replayed instead of run again. */
export interface JournalEntry {
  /** `command_<id>` */
  readonly name: string;
  /** `canonicalJson` of its arguments: a retry that calls it differently does not get this result. */
  readonly args: string;
  /** Its JSON result, or the error the script saw. */
  readonly result?: string;
  readonly error?: { name: string; message: string };
  /** How many elicitations it asked: a replay skips their keys, so later ones keep theirs. */
  readonly asked?: number;
}

/** What `requestState` carries from one round to the next (signed, see `RequestStateCodec`). */
export interface RoundState {
  /** Answers of earlier rounds, by input key. */
  readonly answers: Record<string, Record<string, unknown>>;
  /**
   * What the round asked (or answered from an earlier state), by input key: `inputRequestDigest` of the
   * request, salted with this state's nonce. A retry's answer counts only for a key asked here, and only
   * while the same request is asked again (absent in states of older servers: nothing was asked).
   */
  readonly asked?: Record<string, string>;
  /** Commands completed in earlier rounds, in call order. */
  readonly journal: readonly JournalEntry[];
}

/** One round of a 2026-07-28 multi-round-trip request, as handlers see it (`InputRound` implements it). */
export interface InputRoundState {
  readonly pending: Record<string, McpInputRequest>;
  /** Commands completed in this run (replayed or new), for the next state. */
  readonly journal: JournalEntry[];
  readonly refusal?: DispatchError;
  /** A signed state came back and was verified. */
  readonly resumed: boolean;
  /** Commands of earlier rounds, to replay in order. */
  readonly replay: readonly JournalEntry[];
  readonly needsInput: boolean;
  /** How many requests of `method` this run has keyed so far. */
  count(method: string): number;
  /** Advances the keys of `method` past `n` requests a replayed command asked in an earlier round. */
  skip(method: string, n: number): void;
  /** `<method>-<n>`: the n-th request of that method in this run (stable across re-runs). */
  nextKey(method: string): string;
  /** The answers to all `requests`, or (some unknown) `InputRequiredError` after collecting those. */
  ask(requests: Readonly<Record<string, McpInputRequest>>): Record<string, Record<string, unknown>>;
  /** The state the next retry must bring back: the answers used so far and the completed commands. */
  nextState(): RoundState;
}
