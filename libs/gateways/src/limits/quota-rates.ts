import type { ClientAccess, QuotaLimit, QuotaName } from '@myko/access';
import type { LimitRefusal, QuotaBreach } from './limit-decision.interface';
import { LIMIT_NAMES } from './limits.constants';
import { TokenBucketLimiter } from './token-bucket.limiter';

/** Whose quota a request is charged to: its profile's quotas, its principal and its conversation. */
export interface QuotaSubject {
  /** The access profile whose `quotas` apply (named in a refusal). */
  readonly profile: string;
  readonly quota: QuotaLimit;
  /** The principal's key (`clientIdOf`: its key or token identity, else its address). */
  readonly principal: string;
  /** The conversation's key inside it (an HTTP session, a WebSocket connection); undefined: none yet. */
  readonly conversation?: string;
}

/**
 * The `requestsPerSecond` quota of a client's profile, if it has one (`conversation`: the session or connection
 * the request belongs to; an `initialize` has none and is charged to the principal only).
 */
export function requestQuotaOf(
  access: ClientAccess,
  principal: string,
  conversation?: string,
): QuotaSubject | undefined {
  const quota = access.quotas?.requestsPerSecond;
  if (!quota || access.principal === undefined) return undefined;
  return { profile: access.principal, quota, principal, ...(conversation ? { conversation } : {}) };
}

/** What a refusal by a quota says of it: which quota, whose profile, what it counts and its limit. */
export function quotaBreach(name: QuotaName, profile: string, quota: QuotaLimit): QuotaBreach {
  return { name, profile, per: quota.per, limit: quota.limit };
}

/**
 * The per-profile request rates (`profiles.<name>.quotas.requestsPerSecond`): a token bucket per principal or
 * per conversation, never one for the whole profile. One limiter per distinct rate (a bucket holds one second's
 * requests), so profiles with the same quota share a limiter but never a bucket.
 */
export class QuotaRates {
  private readonly byRate = new Map<number, TokenBucketLimiter>();

  /** Takes one request from the subject's bucket: undefined when admitted, else the refusal naming the quota. */
  admit(subject: QuotaSubject): LimitRefusal | undefined {
    const { quota, profile } = subject;
    const key = quota.per === 'conversation' ? subject.conversation : subject.principal;
    // An initialize has no conversation yet: a per-conversation quota starts with its session.
    if (key === undefined) return undefined;
    const waitMs = this.limiter(quota.limit).take(`${quota.per}:${key}`);
    if (waitMs === 0) return undefined;
    const per =
      quota.per === 'conversation'
        ? 'conversation (session or connection)'
        : 'principal (API key, token identity, else address)';
    return {
      limit: LIMIT_NAMES.quotaRequests,
      retryAfterMs: waitMs,
      message: `Quota exceeded: profile "${profile}" allows ${quota.limit} requests per second per ${per}; retry in ${waitMs} ms`,
      quota: quotaBreach('requestsPerSecond', profile, quota),
    };
  }

  private limiter(rate: number): TokenBucketLimiter {
    let limiter = this.byRate.get(rate);
    if (!limiter) {
      limiter = new TokenBucketLimiter({ ratePerSecond: rate, burst: Math.max(1, Math.ceil(rate)) });
      this.byRate.set(rate, limiter);
    }
    return limiter;
  }
}

/** The `sessions` quota of a client's profile, as a session owner carries it (`SessionOwner.sessionQuota`). */
export function sessionQuotaOf(access: ClientAccess): { sessionQuota?: { profile: string; limit: number } } {
  const quota = access.quotas?.sessions;
  if (!quota || access.principal === undefined) return {};
  return { sessionQuota: { profile: access.principal, limit: quota.limit } };
}
