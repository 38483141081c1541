import type { IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ClientAccess } from '@myko/access';
import { isValidId, type JsonRpcId } from '@myko/dispatch';
import type { RateTake } from '@myko/state';
import { Injectable } from '@nestjs/common';
import type { McpHttpSession, SessionRoomRefusal } from '../http/mcp-http-session.interface';
import { McpSessionRegistry } from '../http/mcp-session.registry';
import type { SessionOwner } from '../http/session-owner';
import { clientIdOf, rateLimitKey } from './client-address';
import { ClientAddressResolver } from './client-address.resolver';
import { type Admission, EdgeAdmission, isRefusal } from './edge-admission.service';
import { methodOf } from './edge-refusals';
import { LimitExceededError } from './limit-exceeded.error';
import { requestQuotaOf, sessionQuotaOf } from './quota-rates';

/** How long an `initialize` at a full cap waits for a closing session's stream to drop, and how often it looks. */
const ROOM_WAIT_MS = 200;
const ROOM_POLL_MS = 20;

/** The id a refusal answers with: dispatch's rule (a string or an integer), else null. */
function requestId(message: unknown): JsonRpcId | null {
  const id = (message as { id?: unknown }).id;
  return isValidId(id) ? id : null;
}

/**
 * The edge limits of the Streamable HTTP endpoint, as refusals it can throw: a full server answers
 * an `initialize` with 503, a client over its rate or its session's in-flight cap gets 429; each with
 * `Retry-After` and a JSON-RPC error carrying the request id and `{ limit, retryAfterMs }`.
 */
@Injectable()
export class HttpRequestLimiter {
  constructor(
    private readonly admission: EdgeAdmission,
    private readonly sessions: McpSessionRegistry,
    private readonly addresses: ClientAddressResolver,
  ) {}

  /**
   * Before an `initialize`: the client's rate; on Redis also room for a session across every instance
   * (this instance's idle sessions that matter least are ended first). Returns the owner the new
   * session is opened for (`openSession`).
   */
  async admitInitialize(req: IncomingMessage, access: ClientAccess, message: unknown): Promise<SessionOwner> {
    const address = this.addresses.of(req);
    const rateKey = rateLimitKey(access.keyId, address);
    const rate = await this.admission.admitSharedRate(rateKey, requestQuotaOf(access, rateKey));
    if (rate) {
      throw new LimitExceededError(429, rate, requestId(message), {
        principal: clientIdOf(access.keyId, address),
        operation: 'initialize',
      });
    }
    const owner: SessionOwner = {
      keyId: access.keyId,
      principal: access.principal,
      address,
      ...sessionQuotaOf(access),
    };
    if (this.sessions.sharing) {
      const full = (await this.makeSharedRoom(owner)) ?? (await this.sessions.sharedRoom(owner));
      if (full) throw this.refusal(full, message, owner);
    }
    return owner;
  }

  /** On Redis, room among this instance's sessions first, patient with young ones as `openSession` is. */
  private async makeSharedRoom(owner: SessionOwner): Promise<SessionRoomRefusal | undefined> {
    for (let waited = 0; ; waited += ROOM_POLL_MS) {
      const patient = waited < ROOM_WAIT_MS;
      const full = await this.sessions.makeSharedRoom(owner, patient);
      if (!full || !patient) return full;
      await sleep(ROOM_POLL_MS);
    }
  }

  /**
   * Opens `owner`'s session once there is room (per key, per address for anonymous clients, in total):
   * an idle session is ended for it (`McpSessionRegistry.makeRoom`). Sessions whose clients are still
   * connecting are spared for a moment: a client that just ended its session without DELETE (SDK 1.x
   * `close()`) drops its stream a few milliseconds later, and that session is the one to reclaim. The
   * last check and the open share one turn: concurrent initializes cannot take one free slot twice.
   */
  async openSession(owner: SessionOwner, message: unknown): Promise<McpHttpSession> {
    for (let waited = 0; ; waited += ROOM_POLL_MS) {
      const patient = waited < ROOM_WAIT_MS;
      const full = this.sessions.makeRoom(owner, { spareYoung: patient });
      if (!full) return this.sessions.open(this.sessions.newId(), owner);
      if (!patient) throw this.refusal(full, message, owner);
      await sleep(ROOM_POLL_MS);
    }
  }

  private refusal(full: SessionRoomRefusal, message: unknown, owner: SessionOwner): LimitExceededError {
    const refusal = this.admission.sessionRefusal(full, owner);
    const subject = { principal: clientIdOf(owner.keyId, owner.address), operation: 'initialize' };
    return new LimitExceededError(full === 'total' ? 503 : 429, refusal, requestId(message), subject);
  }

  /**
   * Before a request of a session: its rate and in-flight cap. Release the admission once answered.
   * `sharedRateWaitMs`: the rate was already charged to the shared bucket (Redis) with the session touch.
   */
  admitRequest(
    req: IncomingMessage,
    access: ClientAccess,
    sessionId: string,
    message: unknown,
    sharedRateWaitMs?: number,
  ): Admission {
    const rateKey = rateLimitKey(access.keyId, this.addresses.of(req));
    const quota = requestQuotaOf(access, rateKey, `http:${sessionId}`);
    const decision = this.admission.admitRequest(`http:${sessionId}`, rateKey, sharedRateWaitMs, quota);
    if (!isRefusal(decision)) return decision;
    // The rate key is the principal (`clientIdOf`): the refusal's line names it without another hash.
    const subject = { principal: rateKey, conversation: `${rateKey}/${sessionId}`, operation: methodOf(message) };
    throw new LimitExceededError(429, decision, requestId(message), subject);
  }

  /** On Redis with a rate limit: the bucket the session touch takes its token from (one round trip for both). */
  sharedRate(req: IncomingMessage, access: ClientAccess): RateTake | undefined {
    return this.admission.sharedRate(rateLimitKey(access.keyId, this.addresses.of(req)));
  }
}
