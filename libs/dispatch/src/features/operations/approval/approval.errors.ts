import { OperationError } from '@myko/registry';

/**
 * The user said no to a command that needs approval (`approval_declined`). Nothing ran; the script can
 * catch it and go on without that change.
 * @publicApi
 */
export class ApprovalDeclinedError extends OperationError {
  constructor(name: string) {
    super(`The user declined ${name}; it did not run.`, 'approval_declined');
  }
}

/**
 * The approval was not given: the user dismissed the request, or no answer came in time
 * (`approval_unanswered`). Nothing ran.
 * @publicApi
 */
export class ApprovalUnansweredError extends OperationError {
  constructor(name: string, why: string) {
    super(`${name} needs the user's approval, which was not given (${why}); it did not run.`, 'approval_unanswered');
  }
}

/**
 * The client cannot ask its user (it declared no form `elicitation`), so a command that needs approval
 * cannot run from it (`approval_unavailable`). Nothing ran.
 * @publicApi
 */
export class ApprovalUnavailableError extends OperationError {
  constructor(name: string) {
    super(
      `${name} needs the user's approval, but this client cannot ask (it declared no elicitation capability); it did not run.`,
      'approval_unavailable',
    );
  }
}
