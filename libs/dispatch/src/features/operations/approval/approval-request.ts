import type { McpElicitParams, McpElicitResult, OperationDescriptor } from '@myko/registry';
import { canonicalJson } from '../../../protocol/protocol-era/request-state.codec';

/** Longest arguments JSON shown to the user; the rest is cut with a mark (the full call is in the audit). */
const MAX_SHOWN_ARGS = 600;
/** Longest first line of a description shown. */
const MAX_SHOWN_DESCRIPTION = 160;

const APPROVE_FIELD = 'approve';

/**
 * The form the user answers: what will run (kind, id, the description's first sentence) and with which
 * validated arguments, compact, and one boolean. Only a form: it works in every elicitation-capable client.
 */
export function approvalRequest(op: OperationDescriptor, args: object): McpElicitParams {
  const argsJson = JSON.stringify(args) ?? '{}';
  const shown = argsJson.length > MAX_SHOWN_ARGS ? `${argsJson.slice(0, MAX_SHOWN_ARGS)}… (cut)` : argsJson;
  const what = firstSentence(op.description);
  return {
    message: `Approve ${op.kind} ${op.id}${what ? ` (${what})` : ''} with ${shown}?`,
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
 * The input key of an approval on 2026-07-28: bound to the command's place in the script and its
 * canonical arguments, so an answer given for one call is never taken for another (a retry that calls
 * something else there is asked afresh). The key travels in the signed `requestState` with its answer.
 */
export function approvalKey(position: number, name: string, args: object): string {
  return `approval-${position + 1}-${fnv1a(`${name} ${canonicalJson(args)}`)}`;
}

function firstSentence(description: string): string {
  const line = description.split('\n')[0].trim();
  const end = line.search(/[.!?](\s|$)/);
  const sentence = end === -1 ? line : line.slice(0, end);
  return sentence.length > MAX_SHOWN_DESCRIPTION ? `${sentence.slice(0, MAX_SHOWN_DESCRIPTION)}…` : sentence;
}

/** 32-bit FNV-1a as 8 hex digits: a short, stable key part (the state is signed; this only tells calls apart). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
