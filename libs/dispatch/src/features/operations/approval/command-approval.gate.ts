import { ClientCapabilityError, ClientRequestError, InputRequiredError, type McpContext } from '@myko/mcp';
import {
  type ClientInfo,
  type McpElicitParams,
  OperationAbortedError,
  type OperationApproval,
  type OperationContext,
  type OperationInvoker,
  type OperationRegistry,
} from '@myko/registry';
import type { RequestContext } from '../../../interfaces/request-context.interface';
import { isPlainObject } from '../../../protocol/json-rpc/json-rpc.codec';
import { ApprovalDeclinedError, ApprovalUnansweredError, ApprovalUnavailableError } from './approval.errors';
import { approvalKey, approvalRequest, approvalVerdict } from './approval-request';

interface Verdict {
  readonly verdict: ReturnType<typeof approvalVerdict> | 'unavailable';
  /** Why no answer came (a timeout, the session ended). */
  readonly why?: string;
}

/** Where the gate asks: the request's MCP context (a 2025 session's stream, or the 2026-07-28 input round). */
export type ApprovalAsker = Pick<McpContext, 'elicit' | 'clientCapabilities'>;

/**
 * A durable execution's hold on its gated calls (see `ExecutionJournal`): an approval an operator gave
 * before the run resumed, and the pause of a run whose client cannot be asked.
 */
export interface ApprovalHold {
  /** Who granted the call at this place of the journal while the run was paused, if anyone. */
  grantedBy(slot: number): string | undefined;
  /** Stops the run before the call at this place, for a decision later; undefined when it cannot be resumed. */
  pause(slot: number): Error | undefined;
}

/**
 * Holds a command that needs the user's approval (`@Command({ approval: true })`, or the client's
 * profile's `approval` globs) until the user grants it, for one request. Arguments are validated first:
 * nobody is asked about a call that would be refused anyway (the invoker refuses it, audited, as usual).
 * A decline, a dismissed or unanswered request, or a client that cannot ask throws a typed
 * `OperationError` before anything ran; the refusal is audited with who was asked. A grant comes back
 * as the context to invoke with, carrying `approval` for the audit line.
 */
export class CommandApprovalGate {
  constructor(
    private readonly registry: OperationRegistry,
    private readonly invoker: OperationInvoker,
    private readonly request: RequestContext,
    private readonly asker: ApprovalAsker,
    /** Aborted when the run that asks has ended: an approval arriving later runs nothing. */
    private readonly ended?: AbortSignal,
    /** A durable execution: a client that cannot be asked pauses the run instead of failing the call. */
    private readonly hold?: ApprovalHold,
  ) {}

  /** Only commands: reads change nothing, so a profile glob that names one holds nothing. */
  needsApproval(name: string): boolean {
    const op = this.registry.get(name);
    if (op?.kind !== 'command') return false;
    return op.approval === true || this.request.client.filters.requiresApproval(name);
  }

  /**
   * `position`: the command's place among the script's commands (binds a 2026-07-28 answer to this call);
   * `slot`: its place in the execution's journal (binds an operator's approval to this call).
   * @throws ApprovalDeclinedError | ApprovalUnansweredError | ApprovalUnavailableError; InputRequiredError (2026-07-28,
   * asked); `ExecutionPausedError` (the hold paused the run)
   */
  async approve(
    name: string,
    rawArgs: object,
    position: number,
    ctx: OperationContext,
    slot?: number,
  ): Promise<OperationContext> {
    const op = this.registry.get(name);
    if (op === undefined || !this.needsApproval(name)) return ctx;
    let args: object;
    try {
      args = await this.invoker.validate(name, rawArgs);
    } catch {
      return ctx;
    }
    const granted = slot === undefined ? undefined : this.hold?.grantedBy(slot);
    if (granted !== undefined) return withApproval(ctx, { granted: true, by: granted });
    const by = approverOf(ctx.client);
    if (!canAskForm(this.asker.clientCapabilities.elicitation)) {
      const paused = slot === undefined ? undefined : this.hold?.pause(slot);
      if (paused) throw paused;
      throw this.refused(name, rawArgs, ctx, by, refusalOf(name, 'unavailable'));
    }
    const question = approvalRequest(op, args, this.request.client.filters.ruledArguments(name));
    const { verdict, why } = await this.ask(question, approvalKey(position, name, rawArgs));
    if (verdict === 'granted' && this.ended?.aborted) throw new OperationAbortedError(name, 'the execution had ended');
    if (verdict === 'granted') return withApproval(ctx, { granted: true, by });
    throw this.refused(name, rawArgs, ctx, by, refusalOf(name, verdict, why));
  }

  private async ask(params: McpElicitParams, key: string): Promise<Verdict> {
    try {
      return { verdict: approvalVerdict(await this.asker.elicit(params, { key })) };
    } catch (error) {
      if (error instanceof InputRequiredError) throw error;
      if (error instanceof ClientCapabilityError) return { verdict: 'unavailable' };
      if (error instanceof ClientRequestError) return { verdict: 'unanswered', why: error.message };
      throw error;
    }
  }

  /** Audits the refusal (outcome `refused`, `approval.granted: false`) and returns the error to throw. */
  private refused(name: string, args: object, ctx: OperationContext, by: string, error: Error): Error {
    this.invoker.reportRefusal(name, args, withApproval(ctx, { granted: false, by }), error.message);
    return error;
  }
}

/**
 * Who is asked, hence who answers: the key or token holder (`identity`), else the OAuth subject, else the
 * session the user answered in (a keyless client's profile is shared; the audit line names it anyway).
 */
export function approverOf(client: ClientInfo): string {
  if (client.identity !== undefined) return client.identity;
  if (client.subject !== undefined) return `subject:${client.subject}`;
  if (client.sessionId !== undefined) return `session:${client.sessionId}`;
  return `profile:${client.principal ?? 'none'}`;
}

/** The error a call that was not approved throws into the script. */
function refusalOf(name: string, verdict: Exclude<Verdict['verdict'], 'granted'>, why?: string): Error {
  if (verdict === 'declined') return new ApprovalDeclinedError(name);
  if (verdict === 'unavailable') return new ApprovalUnavailableError(name);
  return new ApprovalUnansweredError(name, why ?? 'the user dismissed the request');
}

/** A form elicitation: `elicitation: {}` (form only, the 2025 default) or one naming `form`. */
export function canAskForm(declared: unknown): boolean {
  if (!isPlainObject(declared)) return false;
  const modes = Object.keys(declared).filter((key) => key === 'form' || key === 'url');
  return modes.length === 0 || modes.includes('form');
}

/** The context with `approval` set; the original's live getters (signal, aborted, log) stay live. */
function withApproval(ctx: OperationContext, approval: OperationApproval): OperationContext {
  return Object.create(ctx, { approval: { value: approval, enumerable: true } }) as OperationContext;
}
