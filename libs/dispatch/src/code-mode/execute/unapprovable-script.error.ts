import { APPROVAL_UNREACHABLE } from '../../dispatch.constants';
import { DispatchError } from '../../errors/dispatch.error';

/** What would let the refused script's approvals be decided, as the error's `data.remedies` names them. */
const REMEDIES = [
  'a client that declares form elicitation (it is asked inline)',
  'a task-augmented tools/call (the approval becomes the task’s input)',
  'an operator door on the server (the admin API, with an admin key configured), where paused executions are decided',
] as const;

/**
 * An `execute` refused before its first call (-32011): the script certainly calls commands that need approval
 * (`commands`, as `command_<id>`), and for this request nobody can give it — its client declared no form
 * elicitation, the call is not a task, and this server serves no operator door. Run as it was, it would change
 * what comes before them and then wait forever for a decision.
 * @publicApi
 */
export class UnapprovableScriptError extends DispatchError {
  readonly code = APPROVAL_UNREACHABLE;

  constructor(readonly commands: readonly string[]) {
    super(
      `Refused before anything ran: ${commands.join(', ')} need${commands.length === 1 ? 's' : ''} approval, and ` +
        'nobody can approve it for this request. Any of these would make it approvable: ' +
        `${REMEDIES.join('; ')}. Nothing ran.`,
      { reason: 'approval-unreachable', commands, remedies: ['elicitation', 'task', 'operator'] },
    );
  }
}
