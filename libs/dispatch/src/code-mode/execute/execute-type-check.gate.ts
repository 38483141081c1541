import type { OperationRegistry } from '@myko/registry';
import type { CallToolResult } from '../../features/tools/tool-definition.interface';
import type { ClientContext } from '../../interfaces/client-context.interface';
import type { ResolvedDispatchOptions } from '../../interfaces/dispatch-options.interface';
import type { RequestContext } from '../../interfaces/request-context.interface';
import { ScriptTypeChecker, type TypeCheckMode, type TypeCheckOutcome } from '../type-check/script-type-checker';
import { typeCheckRefusal, typeCheckUnjudged } from '../type-check/type-check.result';
import { typeCheckBusy, typeCheckLimits } from './execute.parts';
import type { AbuseParty } from './execute-abuse.guard';
import { byProfile } from './profile-setting';
import type { ScriptDiscovery } from './script-discovery';

/**
 * The `execute` tool's type check before a script runs: each client under its profile's mode, else the
 * server's, on a worker pool started at boot when any mode checks.
 */
export class ExecuteTypeCheckGate {
  private readonly mode: TypeCheckMode;
  private readonly profileModes: Readonly<Record<string, TypeCheckMode>>;
  /** The client's profile's type check, else the server's. */
  private readonly modeOf: (client: ClientContext) => TypeCheckMode;
  private readonly checker: ScriptTypeChecker;

  constructor(registry: OperationRegistry, options: ResolvedDispatchOptions['execute']) {
    this.mode = options.typeCheck;
    this.profileModes = options.profileTypeChecks;
    this.modeOf = byProfile(options.typeCheck, options.profileTypeChecks);
    this.checker = new ScriptTypeChecker(registry, typeCheckLimits(options));
  }

  /** Whether scripts are type-checked before they run (then they may be TypeScript). */
  get checksTypes(): boolean {
    return this.mode !== 'off';
  }

  /** Starts the workers when any mode (the server's or a profile's) checks. */
  async warm(): Promise<void> {
    const modes = [this.mode, ...Object.values(this.profileModes)];
    if (modes.some((mode) => mode !== 'off')) await this.checker.warm();
  }

  close(): Promise<void> {
    return this.checker.close();
  }

  /** Checks `source` as `request`'s client may run it, its turn taken as `party`'s. */
  check(
    source: string,
    request: RequestContext,
    discovery: ScriptDiscovery,
    plan: boolean,
    party: AbuseParty,
  ): Promise<TypeCheckOutcome> {
    const { client } = request;
    const { principal, conversation } = party;
    return this.checker.check(
      source,
      this.modeOf(client),
      client.filters,
      discovery,
      plan,
      principal,
      request.signal,
      conversation,
    );
  }

  /**
   * Strict's refusal: the script's type errors; one that could not be judged, the reason (a retryable limit error,
   * thrown, when no worker could take it). Never a sandbox strike: nothing ran.
   */
  refusal(checked: TypeCheckOutcome & { refused: true }): CallToolResult {
    const { diagnostics, unjudged } = checked;
    if (diagnostics.length > 0 || !unjudged) return typeCheckRefusal(diagnostics);
    if (unjudged === 'busy') throw typeCheckBusy(this.checker.retryAfterMs);
    return typeCheckUnjudged(unjudged);
  }
}
