import type { LimitName } from './limits.constants';

/** Why a request, session or connection was refused, and when the client may try again. */
export interface LimitRefusal {
  readonly limit: LimitName;
  readonly retryAfterMs: number;
  readonly message: string;
}
