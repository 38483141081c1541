import { type RateTake, SHARED_RATE_LIMITER, type SharedRateLimiter } from '@myko/state';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { GATEWAYS_OPTIONS } from '../gateways.constants';
import type { SessionOwner } from '../http/session-owner';
import { ConnectionSlotsLimiter } from './connection-slots.limiter';
import type { ResolvedEdgeLimits } from './edge-limits-options.interface';
import { InFlightLimiter } from './in-flight.limiter';
import type { LimitRefusal } from './limit-decision.interface';
import { IN_FLIGHT_RETRY_MS, LIMIT_NAMES, SLOT_RETRY_MS } from './limits.constants';
import { QuotaRates, type QuotaSubject, quotaBreach } from './quota-rates';
import { TokenBucketLimiter } from './token-bucket.limiter';

/** How a client gives a session back: SDK 1.x `close()` sends no DELETE, `terminateSession()` does. */
const END_HINT =
  'end the sessions you are done with (HTTP DELETE with their Mcp-Session-Id; SDK: transport.terminateSession() before close()), or retry after Retry-After';

/** An admitted request: call `release` once when it has its answer (or was cancelled). */
export interface Admission {
  readonly release: () => void;
}

/**
 * The edge limits every transport asks before it does work: request rate per key, requests in
 * flight per session, live HTTP sessions, WebSocket slots per address and in total. Pure counting;
 * the transports turn a refusal into their own answer (HTTP status + body, or a frame).
 */
@Injectable()
export class EdgeAdmission {
  private readonly rate?: TokenBucketLimiter;
  private readonly inFlight: InFlightLimiter;
  private readonly wsSlots: ConnectionSlotsLimiter;
  private readonly wsKeySlots: ConnectionSlotsLimiter;
  private readonly quotaRates = new QuotaRates();
  /** WebSocket slots of principals whose profile has a `sessions` quota, one limiter per quota. */
  private readonly wsQuotaSlots = new Map<number, ConnectionSlotsLimiter>();

  constructor(
    @Inject(GATEWAYS_OPTIONS) private readonly limits: ResolvedEdgeLimits,
    @Optional() @Inject(SHARED_RATE_LIMITER) private readonly sharedLimiter?: SharedRateLimiter | null,
  ) {
    const { rateLimit } = limits;
    if (rateLimit)
      this.rate = new TokenBucketLimiter({ ratePerSecond: rateLimit.requestsPerSecond, burst: rateLimit.burst });
    this.inFlight = new InFlightLimiter(limits.maxInFlightPerSession);
    this.wsSlots = new ConnectionSlotsLimiter({
      perAddress: limits.maxWsConnectionsPerAddress,
      total: limits.maxWsConnections,
    });
    this.wsKeySlots = new ConnectionSlotsLimiter({ perAddress: limits.maxWsConnectionsPerKey, total: 0 });
  }

  /**
   * Admits one JSON-RPC request of `sessionKey` charged to `rateKey` (see `rateLimitKey`) and, when its profile
   * has one, to its `requestsPerSecond` quota. Only requests come here: notifications (a cancel lowers load) and
   * responses (answers the server is waiting for) are never refused.
   */
  admitRequest(
    sessionKey: string,
    rateKey: string,
    sharedRateWaitMs?: number,
    quota?: QuotaSubject,
  ): Admission | LimitRefusal {
    const release = this.inFlight.tryAcquire(sessionKey);
    if (!release) {
      return {
        limit: LIMIT_NAMES.inFlight,
        retryAfterMs: IN_FLIGHT_RETRY_MS,
        message: `Too many requests in flight: at most ${this.limits.maxInFlightPerSession} per session; retry when one has finished`,
      };
    }
    const refusal =
      (sharedRateWaitMs === undefined ? this.admitRate(rateKey) : this.rateRefusal(sharedRateWaitMs)) ??
      this.admitQuota(quota);
    if (!refusal) return { release };
    release();
    return refusal;
  }

  /** Takes one request from `rateKey`'s bucket (an `initialize`, which has no session yet). */
  admitRate(rateKey: string): LimitRefusal | undefined {
    return this.rateRefusal(this.rate?.take(rateKey) ?? 0);
  }

  /**
   * As `admitRate`, from the bucket every instance shares when there is one (Redis); then the profile's
   * `requestsPerSecond` quota (counted by this instance).
   */
  async admitSharedRate(rateKey: string, quota?: QuotaSubject): Promise<LimitRefusal | undefined> {
    const shared = this.sharedRate(rateKey);
    if (!shared || !this.sharedLimiter) return this.admitRate(rateKey) ?? this.admitQuota(quota);
    const waitMs = await this.sharedLimiter.take(shared.key, shared.ratePerSecond, shared.burst);
    return this.rateRefusal(waitMs) ?? this.admitQuota(quota);
  }

  /** Takes one request from the subject's quota (`profiles.<name>.quotas.requestsPerSecond`), if it has one. */
  admitQuota(quota: QuotaSubject | undefined): LimitRefusal | undefined {
    return quota ? this.quotaRates.admit(quota) : undefined;
  }

  /** The bucket to take a token from on Redis, when a rate limit is on. */
  sharedRate(rateKey: string): RateTake | undefined {
    const { rateLimit } = this.limits;
    if (!this.sharedLimiter || !rateLimit) return undefined;
    return { key: rateKey, ratePerSecond: rateLimit.requestsPerSecond, burst: rateLimit.burst };
  }

  private rateRefusal(waitMs: number): LimitRefusal | undefined {
    if (waitMs === 0) return undefined;
    return { limit: LIMIT_NAMES.rate, retryAfterMs: waitMs, message: `Rate limit exceeded: retry in ${waitMs} ms` };
  }

  /**
   * The refusal of an `initialize` for which no session could be made room for: every session of the
   * cap is busy (a request running or a stream open), so the hint is how a client ends the ones it is done with.
   */
  sessionRefusal(full: 'perKey' | 'perAddress' | 'total' | 'quota', owner?: SessionOwner): LimitRefusal {
    const { maxSessions, maxSessionsPerKey, maxSessionsPerAddress } = this.limits;
    const retryAfterMs = SLOT_RETRY_MS;
    const quota = owner?.sessionQuota;
    if (full === 'quota' && quota) {
      const message = `Quota exceeded: profile "${quota.profile}" allows ${quota.limit} sessions at once per principal (all busy); ${END_HINT}`;
      const breach = quotaBreach('sessions', quota.profile, { limit: quota.limit, per: 'principal' });
      return { limit: LIMIT_NAMES.quotaSessions, retryAfterMs, message, quota: breach };
    }
    if (full === 'perKey') {
      const message = `Too many sessions for this API key (at most ${maxSessionsPerKey}, all busy); ${END_HINT}`;
      return { limit: LIMIT_NAMES.sessionsPerKey, retryAfterMs, message };
    }
    if (full === 'perAddress') {
      const message = `Too many sessions from this address (at most ${maxSessionsPerAddress}, all busy); ${END_HINT}`;
      return { limit: LIMIT_NAMES.sessionsPerAddress, retryAfterMs, message };
    }
    const message = `Service busy: the server holds its maximum of ${maxSessions} sessions, all busy; retry later`;
    return { limit: LIMIT_NAMES.sessions, retryAfterMs, message };
  }

  /**
   * Reserves a WebSocket slot for `address` and, with a key, for the key (released when its socket closes). With
   * a profile's `sessions` quota, the principal's slots are counted against it instead of the per-key cap.
   */
  reserveWsSlot(address: string, keyId?: string, quota?: SessionOwner['sessionQuota']): Admission | LimitRefusal {
    const keySlot = this.reserveKeySlot(address, keyId, quota);
    if (keySlot && !('release' in keySlot)) return keySlot;
    const slot = this.wsSlots.tryReserve(address);
    if ('release' in slot) {
      if (!keySlot) return slot;
      return {
        release: () => {
          slot.release();
          keySlot.release();
        },
      };
    }
    keySlot?.release();
    const perAddress = slot.refused === 'perAddress';
    return {
      limit: perAddress ? LIMIT_NAMES.wsPerAddress : LIMIT_NAMES.wsTotal,
      retryAfterMs: SLOT_RETRY_MS,
      message: perAddress
        ? `Too many WebSocket connections from this address (at most ${this.limits.maxWsConnectionsPerAddress})`
        : `Service busy: the server holds its maximum of ${this.limits.maxWsConnections} WebSocket connections`,
    };
  }

  /** The principal's own slot: its quota's when its profile has one, else its key's (keyless: none). */
  private reserveKeySlot(
    address: string,
    keyId: string | undefined,
    quota: SessionOwner['sessionQuota'],
  ): Admission | LimitRefusal | undefined {
    if (quota) {
      let slots = this.wsQuotaSlots.get(quota.limit);
      if (!slots) {
        slots = new ConnectionSlotsLimiter({ perAddress: quota.limit, total: 0 });
        this.wsQuotaSlots.set(quota.limit, slots);
      }
      const slot = slots.tryReserve(keyId === undefined ? `address:${address}` : `key:${keyId}`);
      return 'release' in slot ? slot : this.sessionRefusal('quota', { address, sessionQuota: quota });
    }
    if (keyId === undefined) return undefined;
    const slot = this.wsKeySlots.tryReserve(keyId);
    if ('release' in slot) return slot;
    return {
      limit: LIMIT_NAMES.wsPerKey,
      retryAfterMs: SLOT_RETRY_MS,
      message: `Too many WebSocket connections for this API key (at most ${this.limits.maxWsConnectionsPerKey})`,
    };
  }

  /** Open WebSocket slots of one address, or of all. */
  wsConnections(address?: string): number {
    return this.wsSlots.count(address);
  }
}

export function isRefusal(decision: Admission | LimitRefusal): decision is LimitRefusal {
  return 'limit' in decision;
}
