import type { ProfileQuotas } from '@myko/access';
import type { ClientContext } from '../../interfaces/client-context.interface';
import type { ResolvedDispatchOptions } from '../../interfaces/dispatch-options.interface';
import { conversationOf, principalOf } from '../../protocol/fairness/work-identity';
import type { RunsQuota } from './resident-quota';

/** What `ExecuteTool` reads of the dispatch options for quotas (absent in a bare test module: none). */
export type ExecuteQuotaOptions = Partial<Pick<ResolvedDispatchOptions, 'profileQuotas'>>;

/**
 * The quotas of a client's access profile that `execute` applies (`profiles.<name>.quotas`): `runsAtOnce` per
 * principal or per conversation, and `sandboxCpuPercent`, passed on with the run to the sandbox.
 */
export class ExecuteQuotas {
  constructor(private readonly quotas: Readonly<Record<string, ProfileQuotas>>) {}

  /** The `runsAtOnce` quota this client's run counts against, if its profile has one. */
  runsQuota(client: ClientContext): RunsQuota | undefined {
    const profile = client.principal;
    const quota = profile === undefined ? undefined : this.quotas[profile]?.runsAtOnce;
    if (!quota || profile === undefined) return undefined;
    const key = quota.per === 'conversation' ? conversationOf(client) : principalOf(client);
    return { profile, quota, key };
  }

  /** The run request's `heavyCpuPercent` for this client: its profile's `sandboxCpuPercent`, else nothing. */
  cpu(client: ClientContext): { heavyCpuPercent?: number } {
    const quota = client.principal === undefined ? undefined : this.quotas[client.principal]?.sandboxCpuPercent;
    return quota ? { heavyCpuPercent: quota.limit } : {};
  }
}
