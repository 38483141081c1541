import { hash } from 'node:crypto';
import { OperationError } from '@myko/registry';
import type { ApprovalHold } from '../../features/operations/approval/command-approval.gate';
import { canonicalJson } from '../../protocol/protocol-era/request-state.codec';
import { ExecutionDivergedError, ExecutionPausedError } from './execution.errors';
import type { ExecutionLimits, ExecutionWaitingFor, JournalCall, JournaledKind } from './execution-record';

/** A call's place in the journal, taken as it starts (calls of one script may be in flight together). */
export interface CallSlot {
  readonly index: number;
  readonly kind: JournaledKind;
  readonly operation: string;
  readonly args: string;
}

/** How a call ended, as the script saw it. */
export type CallOutcome = { readonly result: string } | { readonly error: Error };

/** What a resumed run starts from: the recorded calls, and the decision that let the paused one through. */
export interface JournalResume {
  readonly calls: readonly JournalCall[];
  readonly approved?: { readonly waitingFor: ExecutionWaitingFor; readonly by: string };
}

/**
 * The journal of one run of an execution, kept in memory while it runs (the ledger writes it once, at the end
 * or at a pause). Each `myko.*` operation call takes the next place; on a resume, the places the earlier runs
 * recorded are answered from the record instead of running again, and a call that is not the recorded one
 * stops the run (`diverged`). It is also the approval gate's hold: a gated command no one can approve inline
 * pauses the run before it.
 */
export class ExecutionJournal implements ApprovalHold {
  /** By place: calls settle in any order when several are in flight. */
  private readonly calls: JournalCall[] = [];
  private kept = 0;
  private readonly slots = new Map<number, CallSlot>();
  private next = 0;
  private bytes = 0;
  private full = false;
  /** Set by {@link refuseResume}: kept across a `restart`, unlike `full`. */
  private unresumable = false;
  private waiting?: ExecutionWaitingFor;
  private diverged?: string;
  private idleWaiters: (() => void)[] = [];

  constructor(
    readonly id: string,
    private readonly limits: Pick<ExecutionLimits, 'maxEntries' | 'maxBytes'>,
    /** Stops the run's script (a pause, a divergence): nothing after this call may run. */
    private readonly stop: () => void,
    private readonly resume: JournalResume = { calls: [] },
  ) {}

  /**
   * Takes the next place for a call, and its recorded outcome when a resume replays it.
   * @throws ExecutionDivergedError when the replay asks for another call than the one recorded there
   */
  begin(kind: JournaledKind, operation: string, args: object): { slot: CallSlot; recorded?: CallOutcome } {
    const slot: CallSlot = { index: this.next++, kind, operation, args: canonicalJson(args) };
    const recorded = this.recordedAt(slot.index);
    if (recorded === undefined) {
      this.slots.set(slot.index, slot);
      return { slot };
    }
    if (recorded.operation !== operation || recorded.args !== slot.args) {
      this.diverged ??= operation;
      this.stop();
      throw new ExecutionDivergedError(this.id, operation, recorded.operation);
    }
    this.keep(slot.index, recorded);
    return { slot, recorded: outcomeOf(recorded) };
  }

  /** Records how a call that ran ended (a call the run paused before is not recorded: it did not run). */
  settle(slot: CallSlot, outcome: CallOutcome): void {
    if (!this.slots.delete(slot.index)) return;
    if (this.waiting?.position !== slot.index) this.keep(slot.index, entryOf(slot, outcome));
    if (this.slots.size === 0) for (const wake of this.idleWaiters.splice(0)) wake();
  }

  grantedBy(index: number): string | undefined {
    const approved = this.resume.approved;
    const slot = this.slots.get(index);
    if (!approved || !slot || approved.waitingFor.position !== index) return undefined;
    const same = approved.waitingFor.operation === slot.operation && approved.waitingFor.args === slot.args;
    return same ? approved.by : undefined;
  }

  pause(index: number): Error | undefined {
    const slot = this.slots.get(index);
    if (!slot || this.truncated || this.waiting) return undefined;
    this.waiting = { reason: 'approval', operation: slot.operation, args: slot.args, position: index };
    this.stop();
    return new ExecutionPausedError(this.id, slot.operation);
  }

  /**
   * Whether every call of this run has ended within `ms` (a command running beside the paused one, say). One
   * still running then may yet change data unrecorded: the journal is marked truncated, so it is never resumed.
   */
  async settledWithin(ms: number): Promise<boolean> {
    if (this.slots.size === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const idle = new Promise<boolean>((resolve) => this.idleWaiters.push(() => resolve(true)));
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    const settled = await Promise.race([idle, late]);
    clearTimeout(timer);
    if (!settled) this.full = true;
    return settled;
  }

  /**
   * The sandbox runs the script again from the start (a neighbour's crash ended it before it changed anything):
   * what this run recorded so far (reads only) is dropped, so the places start over with the new attempt.
   */
  restart(): void {
    this.calls.length = 0;
    this.slots.clear();
    this.next = 0;
    this.bytes = 0;
    this.kept = 0;
    this.full = false;
    for (const wake of this.idleWaiters.splice(0)) wake();
  }

  /** The recorded calls, in call order (those replayed, then those that ran). */
  get entries(): readonly JournalCall[] {
    return this.calls.filter((call) => call !== undefined);
  }

  /**
   * What a resume would need cannot be kept (the request's narrowing over its cap): the run is served, but it
   * never pauses (a gated command fails as when no approval can be had) and its record is `truncated`.
   */
  refuseResume(): void {
    this.unresumable = true;
  }

  /** Over `maxEntries` or `maxBytes` (or {@link refuseResume}): later calls were served but not recorded, so the run cannot be resumed. */
  get truncated(): boolean {
    return this.full || this.unresumable;
  }

  get waitingFor(): ExecutionWaitingFor | undefined {
    return this.waiting;
  }

  get divergedAt(): string | undefined {
    return this.diverged;
  }

  /**
   * The recorded call at a place. The call the run paused before left the only gap (calls beside it settled, or
   * the journal was truncated): the recorded ones after it sit one place further on.
   */
  private recordedAt(index: number): JournalCall | undefined {
    const gap = this.resume.approved?.waitingFor.position;
    if (gap === undefined || index < gap) return this.resume.calls[index];
    return index === gap ? undefined : this.resume.calls[index - 1];
  }

  private keep(index: number, call: JournalCall): void {
    if (this.full) return;
    const size = call.args.length + (call.result?.length ?? 0) + (call.error?.message.length ?? 0) + 128;
    if (this.kept >= this.limits.maxEntries || this.bytes + size > this.limits.maxBytes) {
      this.full = true;
      return;
    }
    this.bytes += size;
    this.kept++;
    this.calls[index] = call;
  }
}

function entryOf(slot: CallSlot, outcome: CallOutcome): JournalCall {
  const base = { kind: slot.kind, operation: slot.operation, args: slot.args };
  if ('result' in outcome) return { ...base, outcome: 'ok', digest: sha256(outcome.result), result: outcome.result };
  const { name, message } = outcome.error;
  const code = (outcome.error as { code?: unknown }).code;
  const error = { name, message, ...(typeof code === 'string' ? { code } : {}) };
  return { ...base, outcome: 'error', digest: sha256(`${name}: ${message}`), error };
}

function outcomeOf(call: JournalCall): CallOutcome {
  if (call.outcome === 'ok') return { result: call.result ?? 'null' };
  const error = new OperationError(call.error?.message ?? 'failed', call.error?.code);
  error.name = call.error?.name ?? 'OperationError';
  return { error };
}

/** One-shot: a Hash object per call costs ~2.5× as much for the small texts every `myko.*` result is. */
function sha256(text: string): string {
  return hash('sha256', text, 'hex');
}
