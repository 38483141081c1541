import type { ClientFilters } from '@myko/filter';
import type { ToolMode } from './access-profiles-config.interface';
import type { ProfileQuotas } from './profile-quotas.interface';

/** A profile ready to use: its name and its compiled filters. */
export interface AccessProfile {
  readonly name: string;
  readonly description?: string;
  readonly toolMode?: ToolMode;
  readonly filters: ClientFilters;
  /** The profile's quotas (`profiles.<name>.quotas`); absent: none. */
  readonly quotas?: ProfileQuotas;
}
