import type { ClientFilters } from '@myko/filter';
import type { OperationRegistry } from '@myko/registry';
import type { ScriptDiscovery } from '../execute/script-discovery';
import { MAX_NAMED_OPERATIONS, namedOperations } from './script-operation-ids';
import type { CheckRequest, CheckVerdict, ScriptDiagnostic } from './type-check.protocol';
import { TypeCheckWorkerClient, type TypeCheckWorkerLimits } from './type-check.worker-client';
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
 * check judges or many the caller cannot call: a strike), or the JavaScript to run and any diagnostics.
 */
export type TypeCheckOutcome =
  | { readonly refused: true; readonly diagnostics: readonly ScriptDiagnostic[]; readonly probing?: true }
  | { readonly refused: false; readonly code: string; readonly diagnostics: readonly ScriptDiagnostic[] };

export const DEFAULT_TYPE_CHECK_LIMITS: TypeCheckWorkerLimits = { timeoutMs: 2_000, maxHeapMb: 256 };

/**
 * Checks a script before it runs against the operations it names (as the caller sees them), on a worker
 * thread. A named operation the caller cannot call is an error here as it would be at run time, with the
 * same message (a hidden one reads exactly like a missing one). A check that cannot be judged runs the script.
 * The main thread's part is one pass over the script and work bounded by `MAX_NAMED_OPERATIONS` distinct ids.
 */
export class ScriptTypeChecker {
  private readonly declarations: TypeCheckDeclarations;
  private readonly worker: TypeCheckWorkerClient;
  private readonly verdicts: VerdictCache;

  constructor(
    registry: OperationRegistry,
    limits: TypeCheckWorkerLimits = DEFAULT_TYPE_CHECK_LIMITS,
    cache: VerdictCacheLimits = DEFAULT_VERDICT_CACHE_LIMITS,
  ) {
    this.declarations = new TypeCheckDeclarations(registry);
    this.worker = new TypeCheckWorkerClient(limits);
    this.verdicts = new VerdictCache(cache);
  }

  async check(
    code: string,
    mode: TypeCheckMode,
    filters: ClientFilters,
    discovery: ScriptDiscovery,
    plan = false,
  ): Promise<TypeCheckOutcome> {
    if (mode === 'off') return { refused: false, code, diagnostics: [] };
    const { operations, overflow } = namedOperations(code);
    if (overflow) {
      return { refused: true, diagnostics: [tooManyOperations(code, overflow, MAX_NAMED_OPERATIONS)], probing: true };
    }
    // Nothing in it is typed beyond the built-ins: not worth a check (a trivial script stays as fast as today).
    if (operations.length === 0) return { refused: false, code, diagnostics: [] };
    const { text, unknown } = this.declarations.render(operations, filters, plan);
    const unknownErrors = unknownOperationDiagnostics(code, unknown, discovery);
    // Probing the catalogue: refused as it stands, without the worker's time.
    const probing = unknown.length >= PROBING_UNKNOWN_OPERATIONS;
    if (mode === 'strict' && probing) return { refused: true, diagnostics: unknownErrors, probing };
    const verdict = await this.verdictOf({ code, declarations: text });
    const diagnostics = [...unknownErrors, ...(verdict?.diagnostics ?? [])];
    const runnable = verdict?.javascript ?? code;
    if (mode === 'strict' && diagnostics.length > 0) return { refused: true, diagnostics };
    return { refused: false, code: runnable, diagnostics };
  }

  /** A verdict judged before for this script and declarations, else the worker's (kept when it could judge). */
  private async verdictOf(request: CheckRequest): Promise<CheckVerdict | undefined> {
    const known = this.verdicts.get(request);
    if (known) return known;
    const verdict = await this.worker.check(request);
    if (verdict) this.verdicts.set(request, verdict);
    return verdict;
  }

  /** Starts the worker and parses the lib, so the first agent's check is a warm one. */
  async warm(): Promise<void> {
    await this.worker.check({ code: 'return 1;', declarations: '' });
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}
