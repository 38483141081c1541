import type { QuotaName, QuotaScope } from '@myko/access';
import type { LimitName } from './limits.constants';

/** Which access-profile quota refused: its name, the profile, what it counts and its limit. */
export interface QuotaBreach {
  readonly name: QuotaName;
  readonly profile: string;
  readonly per: QuotaScope;
  readonly limit: number;
}

/** Why a request, session or connection was refused, and when the client may try again. */
export interface LimitRefusal {
  readonly limit: LimitName;
  readonly retryAfterMs: number;
  readonly message: string;
  /** Set when a profile's quota refused (`limit` is then `quota.<name>`). */
  readonly quota?: QuotaBreach;
}
