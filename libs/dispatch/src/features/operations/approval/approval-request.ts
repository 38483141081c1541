import { createHash } from 'node:crypto';
import type { McpElicitParams, McpElicitResult, OperationDescriptor } from '@myko/registry';
import { canonicalJson } from '../../../protocol/protocol-era/request-state.codec';
import { escapeInvisible, shownArguments } from './approval-arguments';

/** Longest first line of a description shown. */
const MAX_SHOWN_DESCRIPTION = 160;

const APPROVE_FIELD = 'approve';

/**
 * The form the user answers: what will run (kind, id, the description's first sentence) and with which
 * validated arguments (every one, `ruledFirst` — those the caller's profile rules on — first, see
 * `shownArguments`), with anything that could disguise the text escaped, and one boolean. Only a form:
 * it works in every elicitation-capable client.
 */
export function approvalRequest(
  op: OperationDescriptor,
  args: object,
  ruledFirst: readonly string[] = [],
): McpElicitParams {
  const what = firstSentence(op.description);
  const text = `Approve ${op.kind} ${op.id}${what ? ` (${what})` : ''} with ${shownArguments(args, ruledFirst)}?`;
  return {
    message: escapeInvisible(text),
    requestedSchema: {
      type: 'object',
      properties: { [APPROVE_FIELD]: { type: 'boolean', title: `Run ${op.id}` } },
      required: [APPROVE_FIELD],
    },
  };
}

/** How the user answered: only an accepted form that says `approve: true` grants. */
export function approvalVerdict(answer: McpElicitResult): 'granted' | 'declined' | 'unanswered' {
  if (answer.action === 'cancel') return 'unanswered';
  if (answer.action !== 'accept') return 'declined';
  return answer.content?.[APPROVE_FIELD] === true ? 'granted' : 'declined';
}

/**
 * The input key of an approval on 2026-07-28: the command's place in the script and a SHA-256 of its
 * name and full canonical arguments, so an answer given for one call is never taken for another (a
 * retry that calls something else there is asked afresh). The signed `requestState` also binds the
 * key to the question shown (`InputRound`), so neither the call nor the question can change under a "yes".
 */
export function approvalKey(position: number, name: string, args: object): string {
  const digest = createHash('sha256').update(name).update('\u0000').update(canonicalJson(args)).digest('base64url');
  return `approval-${position + 1}-${digest}`;
}

function firstSentence(description: string): string {
  const line = description.split('\n')[0].trim();
  const end = line.search(/[.!?](\s|$)/);
  const sentence = end === -1 ? line : line.slice(0, end);
  return sentence.length > MAX_SHOWN_DESCRIPTION ? `${sentence.slice(0, MAX_SHOWN_DESCRIPTION)}…` : sentence;
}
