import { InvalidArgumentsError, type OperationInvoker, type OperationRegistry } from '@myko/registry';
import type { CallVerdict } from '../interfaces';
import type { ResolvedSubject } from './explain-subject';
import { approvalOf } from './operation-explanation';
import { callabilityRule, visibilityRule } from './rule-names';

type Verdict = Omit<CallVerdict, 'subject' | 'operation' | 'args'>;

/**
 * "May this subject call this operation with these arguments, and why not": the checks a call passes
 * on every door (`tools/call`, each `myko.*` call of `execute`), in their order, each asked of the code
 * that makes it — visibility and callability of the subject's `ClientFilters`, then the operation's own
 * argument validation (`OperationInvoker.validate`, which runs nothing).
 */
export async function callVerdict(
  registry: OperationRegistry,
  invoker: OperationInvoker,
  resolved: ResolvedSubject,
  operation: string,
  args: Record<string, unknown>,
): Promise<CallVerdict> {
  const verdict = await decide(registry, invoker, resolved, operation, args);
  return { subject: resolved.subject, operation, args, ...verdict };
}

async function decide(
  registry: OperationRegistry,
  invoker: OperationInvoker,
  { filters, subject }: ResolvedSubject,
  name: string,
  args: Record<string, unknown>,
): Promise<Verdict> {
  const descriptor = registry.get(name);
  if (!descriptor) {
    return {
      allowed: false,
      reason: `${name} is not an operation of this server`,
      rule: 'registry',
      decidedBy: 'unknown',
    };
  }
  const visibility = filters.explainVisibility(name);
  const seen = visibilityRule(subject.profile, visibility);
  if (!visibility.visible) {
    return {
      allowed: false,
      reason: `${name} is hidden: the caller is told it is an unknown operation`,
      rule: seen,
      decidedBy: 'visibility',
    };
  }
  const refusal = filters.explainCall(name, args, registry.canonOf(name));
  if (refusal) {
    return {
      allowed: false,
      reason: refusal.message,
      rule: callabilityRule(subject.profile, refusal),
      decidedBy: 'callability',
    };
  }
  const invalid = await validationProblem(invoker, name, args);
  if (invalid !== undefined)
    return { allowed: false, reason: invalid, rule: `${name} arguments`, decidedBy: 'arguments' };
  const approval = approvalOf(descriptor, filters, subject.profile);
  const ruled = filters.callableRulesFor(name).map((view) => `${view.list} ${view.rule}`);
  const passes = ruled.length > 0 ? `its arguments pass ${ruled.join(', ')}` : 'no callability rule restricts it';
  const waits = approval.required ? `; it runs once the user approves (${approval.rule})` : '';
  return {
    allowed: true,
    reason: `${name} is visible (${seen}) and ${passes}${waits}`,
    rule: seen,
    decidedBy: 'allowed',
    ...(approval.required ? { approval } : {}),
  };
}

/** The validation failure's message, or undefined when the arguments are valid. */
async function validationProblem(invoker: OperationInvoker, name: string, args: object): Promise<string | undefined> {
  try {
    await invoker.validate(name, args);
    return undefined;
  } catch (error) {
    if (error instanceof InvalidArgumentsError) return error.message;
    throw error;
  }
}
