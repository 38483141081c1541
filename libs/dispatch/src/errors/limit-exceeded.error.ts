import { LIMIT_EXCEEDED } from '../dispatch.constants';
import { DispatchError } from './dispatch.error';

/** A per-session or server-wide limit of dispatch refused the request (-32029, `{ limit, max }`). */
export class LimitExceededError extends DispatchError {
  readonly code = LIMIT_EXCEEDED;

  constructor(message: string, limit: string, max: number) {
    super(message, { limit, max });
  }
}
