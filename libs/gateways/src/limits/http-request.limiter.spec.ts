import type { IncomingMessage } from 'node:http';
import type { ClientAccess, ProfileQuotas } from '@myko/access';
import type { DispatchService } from '@myko/dispatch';
import { ClientFilters } from '@myko/filter';
import { resolveGatewaysOptions } from '../gateways.options';
import { McpSessionRegistry } from '../http/mcp-session.registry';
import type { GatewaysModuleOptions } from '../interfaces';
import { ClientAddressResolver } from './client-address.resolver';
import { EdgeAdmission } from './edge-admission.service';
import { HttpRequestLimiter } from './http-request.limiter';
import { LimitExceededError } from './limit-exceeded.error';

const KEY_A = 'a'.repeat(64);
const KEY_B = 'b'.repeat(64);
const PING = { jsonrpc: '2.0', id: 1, method: 'ping' };

function requestFrom(address: string): IncomingMessage {
  return { socket: { remoteAddress: address }, headers: {} } as unknown as IncomingMessage;
}

function accessOf(profile: string, keyId?: string, quotas?: ProfileQuotas): ClientAccess {
  return {
    principal: profile,
    ...(keyId ? { keyId } : {}),
    filters: ClientFilters.ALLOW_ALL,
    ...(quotas ? { quotas } : {}),
  };
}

describe('HttpRequestLimiter: a bucket per principal, never per profile', () => {
  let limiter: HttpRequestLimiter;
  let registry: McpSessionRegistry;
  const build = (options: GatewaysModuleOptions) => {
    const resolved = resolveGatewaysOptions(options);
    registry = new McpSessionRegistry({ endSession: () => undefined } as unknown as DispatchService, resolved);
    limiter = new HttpRequestLimiter(new EdgeAdmission(resolved), registry, new ClientAddressResolver(resolved));
  };
  afterEach(() => registry.onApplicationShutdown());

  /** Sends `count` requests of `access` on session `sessionId`; returns how many were refused. */
  const refused = (access: ClientAccess, address: string, sessionId: string, count: number): number => {
    let refusals = 0;
    for (let i = 0; i < count; i++) {
      try {
        limiter.admitRequest(requestFrom(address), access, sessionId, PING).release();
      } catch (error) {
        if (!(error instanceof LimitExceededError)) throw error;
        refusals++;
      }
    }
    return refusals;
  };

  it('one key flooding leaves another key of its profile at half its rate untouched', () => {
    build({ rateLimit: { requestsPerSecond: 10, burst: 10 } });
    expect(refused(accessOf('partners', KEY_A), '10.0.0.1', 's-a', 50)).toBeGreaterThan(0);
    expect(refused(accessOf('partners', KEY_B), '10.0.0.1', 's-b', 5)).toBe(0);
  });

  it('keyless clients of a defaultProfile have a bucket per address, not one for all', () => {
    build({ rateLimit: { requestsPerSecond: 10, burst: 10 } });
    expect(refused(accessOf('public'), '10.0.0.1', 's-1', 50)).toBeGreaterThan(0);
    expect(refused(accessOf('public'), '10.0.0.2', 's-2', 5)).toBe(0);
  });

  it("past a profile's requestsPerSecond quota: 429 with Retry-After, naming the quota, its profile and what it counts", () => {
    build({});
    const quotas: ProfileQuotas = { requestsPerSecond: { limit: 2, per: 'principal' } };
    expect(refused(accessOf('partners', KEY_A, quotas), '10.0.0.1', 's-a', 2)).toBe(0);
    let error: unknown;
    try {
      limiter.admitRequest(requestFrom('10.0.0.1'), accessOf('partners', KEY_A, quotas), 's-a2', PING);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(LimitExceededError);
    const refusal = error as LimitExceededError;
    expect(refusal.status).toBe(429);
    expect(Number(refusal.headers['Retry-After'])).toBeGreaterThanOrEqual(1);
    expect(refusal.data).toMatchObject({
      limit: 'quota.requestsPerSecond',
      profile: 'partners',
      per: 'principal',
      quota: 2,
    });
    expect(refused(accessOf('partners', KEY_B, quotas), '10.0.0.1', 's-b', 2)).toBe(0);
  });

  it('a per-conversation quota counts each session of one key apart', () => {
    build({});
    const quotas: ProfileQuotas = { requestsPerSecond: { limit: 2, per: 'conversation' } };
    expect(refused(accessOf('partners', KEY_A, quotas), '10.0.0.1', 's-1', 5)).toBe(3);
    expect(refused(accessOf('partners', KEY_A, quotas), '10.0.0.1', 's-2', 2)).toBe(0);
  });

  it("a profile's sessions quota replaces the per-key cap: a busy key at it is refused naming the quota", async () => {
    build({ maxSessionsPerKey: 10 });
    const access = accessOf('partners', KEY_A, { sessions: { limit: 1, per: 'principal' } });
    const owner = await limiter.admitInitialize(requestFrom('10.0.0.1'), access, PING);
    const first = await limiter.openSession(owner, PING);
    first.active = 1;
    const again = await limiter.admitInitialize(requestFrom('10.0.0.1'), access, PING);
    const opening = limiter.openSession(again, PING);
    await expect(opening).rejects.toMatchObject({
      status: 429,
      data: { limit: 'quota.sessions', profile: 'partners', per: 'principal', quota: 1 },
    });
    const other = await limiter.admitInitialize(requestFrom('10.0.0.1'), accessOf('partners', KEY_B), PING);
    await expect(limiter.openSession(other, PING)).resolves.toBeDefined();
  });
});
