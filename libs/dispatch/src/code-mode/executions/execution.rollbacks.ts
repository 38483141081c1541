import type { ClientFilters } from '@myko/filter';
import { type CommandCompensation, type OperationContext, OperationInvoker, OperationRegistry } from '@myko/registry';
import { Injectable, Logger } from '@nestjs/common';
import type { ClientContext } from '../../interfaces/client-context.interface';
import { principalOf } from '../../protocol/fairness/work-identity';
import { compensationArgs } from './compensation-args';
import { ExecutionDecisionError } from './execution.errors';
import { ExecutionLedger } from './execution.ledger';
import { tenantOf } from './execution.summary';
import type { ExecutionRecord, ExecutionRollbackRecord, ExecutionState } from './execution-record';

/** The states a rollback starts from: the run stopped with commands committed and nobody will finish it. */
export const ROLLBACK_STATES: readonly ExecutionState[] = [
  'rejected',
  'failed',
  'diverged',
  'expired',
  'rollback_failed',
];

/** How a rollback treats committed commands without a compensation. */
export interface RollbackOptions {
  /** Leave them as they are (recorded in `rollback.skipped`) instead of refusing the whole rollback. @default false */
  readonly skipUncompensated?: boolean;
}

/** A committed call and the compensation that undoes it. */
interface Undo {
  readonly position: number;
  readonly operation: string;
  readonly compensation?: CommandCompensation;
}

/**
 * Rollback of an execution that stopped after some commands committed (rejected, failed, diverged): the
 * compensations of its committed commands (`@Command({ compensate })`) run in reverse order, each through the
 * invoker (validated, one audit line each, attributed to the operator as its approver), and the record keeps
 * which ran. A compensation that fails stops it there (`rollback_failed`); a later rollback goes on from the
 * call it failed on, and one of a `rolled_back` execution runs nothing.
 */
@Injectable()
export class ExecutionRollbacks {
  private readonly logger = new Logger('ExecutionRollback');

  constructor(
    private readonly ledger: ExecutionLedger,
    private readonly registry: OperationRegistry,
    private readonly invoker: OperationInvoker,
  ) {}

  /**
   * Rolls the execution back as `by` and answers its record afterwards (`rolled_back` or `rollback_failed`).
   * @throws ExecutionDecisionError unknown (404); not stopped, truncated, a committed command without a
   *   compensation (unless `skipUncompensated`), or another rollback of it under way (409)
   */
  async rollback(id: string, by: string, options: RollbackOptions = {}): Promise<ExecutionRecord> {
    const record = await this.ledger.load(id);
    if (!record) throw new ExecutionDecisionError(`No execution ${id} (unknown, or expired).`, 404);
    return this.rollBack(record, by, options);
  }

  /**
   * The execution's own principal rolls it back (a script's `myko.rollback`): only one it started
   * (`tenantOf(owner)` is the caller's `principalOf`), each compensation visible and callable under the caller's
   * filters and needing no approval (a script cannot give one), all checked before any runs; audited as the caller
   * (`rollback.by`: `client:<principal>`), with no approval.
   * @throws ExecutionDecisionError unknown or another principal's (404, the same answer), refused or not
   *   rollbackable as for {@link rollback} (409)
   */
  async rollbackOwn(id: string, client: ClientContext): Promise<ExecutionRecord> {
    const record = await this.ledger.load(id);
    const principal = principalOf(client);
    if (!record || tenantOf(record.owner) !== principal) {
      throw new ExecutionDecisionError(`No execution ${id} of yours (unknown, expired, or another principal's).`, 404);
    }
    return this.rollBack(record, `client:${principal}`, {}, client.filters);
  }

  /** `filters`: the caller's, when the owner asks (every compensation checked against them first). */
  private async rollBack(
    record: ExecutionRecord,
    by: string,
    options: RollbackOptions,
    filters?: ClientFilters,
  ): Promise<ExecutionRecord> {
    if (record.state === 'rolled_back') return record;
    this.checkRollbackable(record);
    const undos = this.undosOf(record);
    const missing = undos.filter((undo) => !undo.compensation);
    if (missing.length > 0 && options.skipUncompensated !== true) {
      const names = [...new Set(missing.map((undo) => undo.operation))].join(', ');
      throw new ExecutionDecisionError(
        `Execution ${record.id} cannot be rolled back: ${names} committed and declare${missing.length === 1 ? 's' : ''} ` +
          'no compensation; nothing ran. Pass skipUncompensated to roll back the rest.',
        409,
      );
    }
    if (filters) this.checkAllowed(record, undos, filters);
    const rollback = await this.claim(record, by);
    for (const undo of undos) {
      if (!undo.compensation) rollback.skipped = [...new Set([...rollback.skipped, undo.position])];
      else if (!(await this.compensate(record, rollback, undo, undo.compensation, by, !filters))) return record;
    }
    return this.save(record, 'rolled_back');
  }

  /** The owner's rollback runs only compensations they could call themselves, without an approval. */
  private checkAllowed(record: ExecutionRecord, undos: Undo[], filters: ClientFilters): void {
    for (const undo of undos) {
      if (!undo.compensation) continue;
      const name = this.compensationName(undo, undo.compensation);
      const args = compensationArgs(undo.compensation, record.calls[undo.position] as ExecutionRecord['calls'][number]);
      const entry = this.registry.get(name);
      // A compensation the caller cannot see is not named: the answer must not reveal a hidden operation.
      const refusal = filters.isVisible(name)
        ? filters.checkCallable(name, args, this.registry.canonOf(name))
        : 'it is not available to this client';
      const gated = entry?.approval === true || filters.requiresApproval(name);
      const why = refusal ?? (gated ? `${name} needs approval, which a script cannot give` : undefined);
      if (why !== undefined) {
        throw new ExecutionDecisionError(
          `Execution ${record.id} cannot be rolled back by you: the compensation of ${undo.operation} ` +
            `(journal place ${undo.position}): ${why}; nothing ran. An operator can roll it back.`,
          409,
        );
      }
    }
  }

  private checkRollbackable(record: ExecutionRecord): void {
    if (!ROLLBACK_STATES.includes(record.state)) {
      const hint = record.state === 'paused' ? ': reject it first' : '';
      throw new ExecutionDecisionError(
        `Execution ${record.id} is ${record.state}; only a ${ROLLBACK_STATES.join(', ')} one is rolled back${hint}.`,
        409,
      );
    }
    if (record.truncated) {
      throw new ExecutionDecisionError(
        `Execution ${record.id}'s journal was truncated (over its size cap): its committed commands are not all known, so it cannot be rolled back.`,
        409,
      );
    }
  }

  /** The committed commands not compensated yet, the latest first. */
  private undosOf(record: ExecutionRecord): Undo[] {
    const done = new Set([...(record.rollback?.compensated ?? []), ...(record.rollback?.skipped ?? [])]);
    return record.calls
      .map((call, position) => ({ call, position }))
      .filter(({ call, position }) => call.kind === 'command' && call.outcome === 'ok' && !done.has(position))
      .reverse()
      .map(({ call, position }) => {
        const compensation = this.registry.entryOf(call.operation)?.compensation;
        return { position, operation: call.operation, ...(compensation ? { compensation } : {}) };
      });
  }

  /** The one right to run this rollback attempt, on any instance. */
  private async claim(record: ExecutionRecord, by: string): Promise<ExecutionRollbackRecord> {
    const attempts = record.rollback?.attempts ?? 0;
    // Keyed by the attempts that ended, not those started: each compensation saves the record, and a rollback
    // that read `attempts` from a running one's save would claim a fresh key and run the rest beside it.
    const ended = record.rollback?.ended ?? attempts;
    const ttl = Math.max(1, record.expiresAt - Date.now());
    if (!(await this.ledger.claimStep(record.id, `rollback-${ended}`, ttl))) {
      throw new ExecutionDecisionError(`Execution ${record.id} is already being rolled back.`, 409);
    }
    const { failed: _failed, ...before } = record.rollback ?? { compensated: [], skipped: [] };
    record.rollback = { ...before, by, at: Date.now(), attempts: attempts + 1, ended };
    // An expired pause is past its `expiresAt`: what its rollback did is kept a retention period from now.
    this.ledger.keepFromNow(record);
    return record.rollback;
  }

  /** Runs one compensation; on failure records `rollback_failed` and answers false. */
  private async compensate(
    record: ExecutionRecord,
    rollback: ExecutionRollbackRecord,
    undo: Undo,
    compensation: CommandCompensation,
    by: string,
    approvedBy: boolean,
  ): Promise<boolean> {
    const name = this.compensationName(undo, compensation);
    try {
      const args = compensationArgs(compensation, record.calls[undo.position] as ExecutionRecord['calls'][number]);
      await this.invoker.invoke(name, args, this.contextOf(record, by, undo.position, approvedBy));
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      rollback.failed = { position: undo.position, operation: undo.operation, compensation: name, error: message };
      rollback.ended = (rollback.ended ?? 0) + 1;
      await this.save(record, 'rollback_failed');
      return false;
    }
    rollback.compensated.push(undo.position);
    // Kept after each one: a rollback cut short (the instance stops) never runs a compensation twice.
    await this.ledger.save({ ...record, updatedAt: Date.now() });
    return true;
  }

  /** `command_<id>` of the compensating command. */
  private compensationName(undo: Undo, compensation: CommandCompensation): string {
    return this.registry.entryOf(undo.operation)?.descriptor.compensatedBy ?? compensation.command;
  }

  private async save(record: ExecutionRecord, state: ExecutionState): Promise<ExecutionRecord> {
    record.state = state;
    record.updatedAt = Date.now();
    await this.ledger.save(record);
    return record;
  }

  /**
   * The compensation runs as the execution's owner profile: approved by the operator who asked for it, or (the
   * owner's own rollback, `approvedBy` false) with no approval, as the owner's own call would.
   */
  private contextOf(record: ExecutionRecord, by: string, position: number, approvedBy: boolean): OperationContext {
    const { owner } = record;
    const tag = `rollback:${record.id}:${position}`;
    const log = (level: 'debug' | 'log' | 'warn' | 'error') => (message: string) =>
      this.logger[level](`${tag} ${message}`);
    return {
      client: {
        transport: 'internal',
        sessionId: owner.sessionId,
        ...(owner.principal === undefined ? {} : { principal: owner.principal }),
        ...(owner.identity === undefined ? {} : { identity: owner.identity }),
        requestId: tag,
        executionId: record.id,
      },
      signal: new AbortController().signal,
      log: { debug: log('debug'), info: log('log'), warn: log('warn'), error: log('error') },
      progress: () => undefined,
      ...(approvedBy ? { approval: { granted: true, by } } : {}),
    };
  }
}
