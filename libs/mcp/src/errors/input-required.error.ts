import { OperationError } from '@myko/registry';

/**
 * Thrown by `McpContext.elicit`/`createMessage`/`listRoots`/`input` (and `OperationContext.elicit`)
 * on a 2026-07-28 request whose answer is not known yet: the request ends this round with
 * `resultType: "input_required"` and runs again when the client retries with the answers. A handler
 * must let it propagate and must not change anything before asking.
 * @publicApi
 */
export class InputRequiredError extends OperationError {
  constructor(readonly keys: readonly string[]) {
    super(
      `Waiting for the client's input (${keys.join(', ')}); the request continues when it retries`,
      'input_required',
    );
  }
}
