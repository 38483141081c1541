import type { ClientFilters } from '@myko/filter';
import type { OperationRegistry } from '@myko/registry';
import type { ScriptDiscovery } from '../execute/script-discovery';
import { operationHinter } from './operation-hint';
import { MAX_NAMED_OPERATIONS, namedOperations } from './script-operation-ids';
import { type TypeCheckLimits, TypeCheckPool } from './type-check.pool';
import type { CheckRequest, ScriptDiagnostic } from './type-check.protocol';
import type { CheckAnswer, UnjudgedCheck } from './type-check.worker-client';
import { TypeCheckDeclarations } from './type-check-declarations';
import {
  PROBING_UNKNOWN_OPERATIONS,
  tooManyOperations,
  unknownOperationDiagnostics,
} from './unknown-operation.diagnostics';
import { DEFAULT_VERDICT_CACHE_LIMITS, VerdictCache, type VerdictCacheLimits } from './verdict.cache';

/** `strict`: a script with a type error does not run; `warn`: it runs, the diagnostics come back beside the result. */
export type TypeCheckMode = 'strict' | 'warn' | 'off';

/**
 * What the check decided: the script does not run (`refused`, `probing` when it named more operations than a
 * check judges or many the caller cannot call: a strike), or the JavaScript to run and any diagnostics;
 * `unjudged` when the checker gave no verdict (under `strict` such a script is refused, under `warn` it runs).
 */
export type TypeCheckOutcome =
  | {
      readonly refused: true;
      readonly diagnostics: readonly ScriptDiagnostic[];
      readonly unjudged?: UnjudgedCheck;
      readonly probing?: true;
    }
  | {
      readonly refused: false;
      readonly code: string;
      readonly diagnostics: readonly ScriptDiagnostic[];
      readonly unjudged?: UnjudgedCheck;
    };

export const DEFAULT_TYPE_CHECK_LIMITS: TypeCheckLimits = { timeoutMs: 2_000, maxHeapMb: 256 };

/**
 * Checks a script before it runs against the operations it names (as the caller sees them), on a worker
 * thread. A named operation the caller cannot call is an error here as it would be at run time, with the
 * same message (a hidden one reads exactly like a missing one). A script that could not be judged does not run
 * under `strict`. The workers are shared fairly by principal (`TypeCheckPool`). The main thread's part is one
 * pass over the script and work bounded by `MAX_NAMED_OPERATIONS` distinct ids.
 */
export class ScriptTypeChecker {
  private readonly declarations: TypeCheckDeclarations;
  private pool?: TypeCheckPool;
  private readonly verdicts: VerdictCache;

  constructor(
    private readonly registry: OperationRegistry,
    private readonly limits: TypeCheckLimits = DEFAULT_TYPE_CHECK_LIMITS,
    cache: VerdictCacheLimits = DEFAULT_VERDICT_CACHE_LIMITS,
  ) {
    this.declarations = new TypeCheckDeclarations(registry);
    this.verdicts = new VerdictCache(cache);
  }

  /**
   * `client`: the principal whose turn the check waits for, `conversation` its conversation (the execute tool's
   * abuse party); `signal`: the request's, which takes a check out of the queue when the client gives up.
   */
  async check(
    code: string,
    mode: TypeCheckMode,
    filters: ClientFilters,
    discovery: ScriptDiscovery,
    plan = false,
    client = '',
    signal?: AbortSignal,
    conversation?: string,
  ): Promise<TypeCheckOutcome> {
    if (mode === 'off') return { refused: false, code, diagnostics: [] };
    const { operations, overflow } = namedOperations(code);
    if (overflow) {
      return { refused: true, diagnostics: [tooManyOperations(code, overflow, MAX_NAMED_OPERATIONS)], probing: true };
    }
    // Nothing in it is typed beyond the built-ins: not worth a check (a trivial script stays as fast as today).
    if (operations.length === 0) return { refused: false, code, diagnostics: [] };
    const { text, unknown } = this.declarations.render(operations, filters, plan);
    const unknownErrors = unknownOperationDiagnostics(
      code,
      unknown,
      discovery,
      operationHinter(this.registry, filters),
    );
    // Probing the catalogue: refused as it stands, without the worker's time.
    const probing = unknown.length >= PROBING_UNKNOWN_OPERATIONS;
    if (mode === 'strict' && probing) return { refused: true, diagnostics: unknownErrors, probing };
    const answer = await this.verdictOf({ code, declarations: text }, client, signal, conversation);
    const verdict = 'verdict' in answer ? answer.verdict : undefined;
    const unjudged = 'unjudged' in answer ? { unjudged: answer.unjudged } : {};
    const diagnostics = [...unknownErrors, ...(verdict?.diagnostics ?? [])];
    const runnable = verdict?.javascript ?? code;
    // Strict: nothing runs unchecked, whatever kept the checker from judging it.
    if (mode === 'strict' && (diagnostics.length > 0 || !verdict)) return { refused: true, diagnostics, ...unjudged };
    return { refused: false, code: runnable, diagnostics, ...unjudged };
  }

  /** A verdict judged before for this script and declarations, else a worker's in `client`'s turn (kept when judged). */
  private async verdictOf(
    request: CheckRequest,
    client: string,
    signal?: AbortSignal,
    conversation?: string,
  ): Promise<CheckAnswer> {
    const known = this.verdicts.get(request);
    if (known) return { verdict: known };
    const answer = await this.started().check(client, request, signal, conversation);
    if ('verdict' in answer) this.verdicts.set(request, answer.verdict);
    return answer;
  }

  /**
   * Starts the workers (at boot), and settles once they are warm (`withSpare`: and the spare that replaces one
   * stopped at its limit): the first agent's check is a warm one.
   */
  warm(withSpare = false): Promise<void> {
    return this.started().ready(withSpare);
  }

  /** When a check refused as `busy` may be tried again: about one check's time. */
  get retryAfterMs(): number {
    return this.limits.timeoutMs;
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }

  /** The workers, started on first need (at boot when any client's mode checks). */
  private started(): TypeCheckPool {
    this.pool ??= new TypeCheckPool(this.limits);
    return this.pool;
  }
}
