import type { QuotaLimit } from '@myko/access';
import type { ExecuteLimitRefusal } from './execute-limit.error';

/** Frees the places a run held; calling it more than once is harmless. */
export type ReleasePlaces = () => void;

/** Caps of resident `execute` runs per client scope; 0: no cap. */
export interface ResidentCaps {
  perSession: number;
  perKey: number;
  perAddress: number;
}

/** A profile's `runsAtOnce` quota as one run meets it: the quota, its profile, and the principal or conversation counted. */
export interface RunsQuota {
  readonly profile: string;
  readonly quota: QuotaLimit;
  /** The principal (`principalOf`) or the conversation (`conversationOf`), as `quota.per` says. */
  readonly key: string;
}

/** A script usually ends within its operations' latency: the hint when a cap is reached. */
export const RESIDENT_RETRY_MS = 1_000;

/**
 * Counts the `execute` runs resident (started, not ended: computing or awaiting operations) per session
 * and per client (its API key, else its address), and refuses a run past a cap at once. Residency is
 * cheap but not free (an isolate each): without these caps one client, or one address opening sessions,
 * could hold every resident place of the sandbox with scripts that never settle.
 */
export class ResidentQuota {
  private readonly held = new Map<string, number>();

  constructor(private readonly caps: ResidentCaps) {}

  /**
   * Takes a place for the session, the client and (with one) the profile's `runsAtOnce` quota, or says which cap
   * refused (and takes nothing). The safety caps are checked first: a quota never lifts them.
   */
  take(sessionId: string, clientId: string | undefined, quota?: RunsQuota): ReleasePlaces | ExecuteLimitRefusal {
    const scopes: Array<[string, number, string]> = [[`session:${sessionId}`, this.caps.perSession, 'session']];
    if (clientId?.startsWith('key:')) scopes.push([clientId, this.caps.perKey, 'key']);
    else if (clientId?.startsWith('address:')) scopes.push([clientId, this.caps.perAddress, 'address']);
    for (const [scope, cap, name] of scopes) {
      if (cap > 0 && (this.held.get(scope) ?? 0) >= cap) return refusal(name, cap);
    }
    if (quota) {
      const scope = `quota:${quota.quota.per}:${quota.key}`;
      if ((this.held.get(scope) ?? 0) >= quota.quota.limit) return quotaRefusal(quota);
      scopes.push([scope, quota.quota.limit, 'quota']);
    }
    for (const [scope] of scopes) this.held.set(scope, (this.held.get(scope) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const [scope] of scopes) {
        const left = (this.held.get(scope) ?? 1) - 1;
        if (left > 0) this.held.set(scope, left);
        else this.held.delete(scope);
      }
    };
  }

  /** Scopes holding places now (tests). */
  get size(): number {
    return this.held.size;
  }
}

function refusal(scope: string, cap: number): ExecuteLimitRefusal {
  const per = scope === 'session' ? 'this session' : scope === 'key' ? 'this API key' : 'this address';
  return {
    limit: `execute-runs-per-${scope}`,
    retryAfterMs: RESIDENT_RETRY_MS,
    message:
      `Execution refused: ${per} already has ${cap} scripts running or awaiting operations, the most allowed. ` +
      `Nothing ran. Retry after one of them ends (retryAfterMs: ${RESIDENT_RETRY_MS}), or combine the work ` +
      'into fewer scripts.',
  };
}

function quotaRefusal({ profile, quota }: RunsQuota): ExecuteLimitRefusal {
  const per =
    quota.per === 'conversation' ? 'conversation (session)' : 'principal (API key, token identity, else address)';
  return {
    limit: 'quota.runsAtOnce',
    retryAfterMs: RESIDENT_RETRY_MS,
    message:
      `Quota exceeded: profile "${profile}" allows ${quota.limit} execute runs at once per ${per}, and that many are ` +
      `running or awaiting operations. Nothing ran. Retry after one of them ends (retryAfterMs: ${RESIDENT_RETRY_MS}).`,
    quota: { profile, per: quota.per, limit: quota.limit },
  };
}
