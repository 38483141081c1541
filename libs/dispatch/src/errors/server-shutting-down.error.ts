import { SERVER_SHUTTING_DOWN } from '../dispatch.constants';
import { DispatchError } from './dispatch.error';

/**
 * The server is shutting down: a new request is refused, or an in-flight one was still running when
 * the shutdown grace period ran out and was stopped. The client may retry on another instance.
 * @publicApi
 */
export class ServerShuttingDownError extends DispatchError {
  readonly code = SERVER_SHUTTING_DOWN;

  constructor(message = 'Server shutting down') {
    super(message);
  }
}
