import type { ClientFilters } from '@myko/filter';
import type { OperationDescriptor } from '@myko/registry';
import type { ApprovalExplanation, OperationExplanation } from '../interfaces';

/** Why a command waits for the user's approval: its own declaration first, then the profile's globs. */
export function approvalOf(
  operation: Pick<OperationDescriptor, 'name' | 'kind' | 'approval'> | undefined,
  filters: ClientFilters,
  profile: string | null,
): ApprovalExplanation {
  if (operation?.kind !== 'command') return { required: false };
  if (operation.approval === true) return { required: true, rule: '@Command({ approval: true })' };
  const pattern = filters.approvalRuleFor(operation.name);
  if (pattern === undefined) return { required: false };
  return { required: true, rule: `${profile === null ? 'filters' : `profiles.${profile}`}.approval: ${pattern}` };
}

/** One operation as a subject's filters decide it: seen or not and by which pattern, its value rules, approval. */
export function explainOperation(
  operation: OperationDescriptor,
  filters: ClientFilters,
  profile: string | null,
): OperationExplanation {
  const visibility = filters.explainVisibility(operation.name);
  return {
    name: operation.name,
    kind: operation.kind,
    visible: visibility.visible,
    visibility,
    callable: visibility.visible ? filters.callableRulesFor(operation.name) : [],
    approval: visibility.visible ? approvalOf(operation, filters, profile) : { required: false },
  };
}
