import type { DispatchService } from '@myko/dispatch';
import { McpSessionRegistry } from './mcp-session.registry';

const OPTIONS = {
  sessionIdleTimeoutMs: 30 * 60_000,
  unusedSessionTimeoutMs: 60_000,
  maxSessions: 4,
  maxSessionsPerKey: 2,
  maxSessionsPerAddress: 3,
  eventStoreMaxEvents: 100,
  eventStoreMaxBytes: 1_000,
  replayBudgetBytes: 0,
  eventStoreTtlMs: 0,
};

describe('McpSessionRegistry (room for honest clients)', () => {
  let registry: McpSessionRegistry;
  const ended: string[] = [];
  beforeEach(() => {
    ended.length = 0;
    registry = new McpSessionRegistry(
      { endSession: (id: string) => ended.push(id) } as unknown as DispatchService,
      OPTIONS,
    );
  });
  afterEach(() => registry.onApplicationShutdown());

  const anonymous = (address = '127.0.0.1') => ({ address });
  const keyed = (keyId: string) => ({ keyId, principal: 'ops', address: '127.0.0.1' });
  const openFor = (owner: ReturnType<typeof anonymous> | ReturnType<typeof keyed>) => {
    const refusal = registry.makeRoom(owner);
    if (refusal) throw new Error(`refused: ${refusal}`);
    return registry.open(undefined, owner);
  };

  it('binds a session to the key that opened it, not to its profile', () => {
    const session = registry.open(undefined, keyed('a'.repeat(64)));
    expect(registry.use(session.id, { keyId: 'b'.repeat(64), principal: 'ops' })).toBeUndefined();
    expect(registry.use(session.id, { principal: 'ops' })).toBeUndefined();
    expect(registry.use(session.id, { keyId: 'a'.repeat(64), principal: 'ops' })).toBe(session);
  });

  it('at the per-address cap, a flood of unused sessions evicts itself, never a session in use', () => {
    const honest = registry.open(undefined, anonymous());
    honest.requests = 5;
    for (let i = 0; i < 10; i++) {
      // The honest client keeps using its session: the flood's own sessions are idle longer.
      honest.lastSeenAt = Date.now() + 1_000;
      openFor(anonymous());
    }
    expect(registry.use(honest.id, {})).toBe(honest);
    expect(registry.size).toBe(3);
  });

  it('at the per-key cap, a closed client (no DELETE, idle) is reclaimed before a client still connecting', () => {
    const key = keyed('e'.repeat(64));
    const closed = openFor(key);
    closed.requests = 3;
    closed.lastSeenAt = Date.now() - 1_000;
    const connecting = openFor(key);
    openFor(key);
    expect(registry.use(closed.id, key)).toBeUndefined();
    expect(registry.use(connecting.id, key)).toBe(connecting);
  });

  it('spares sessions still in their first grace period when asked to, then takes them if nothing else is free', () => {
    const key = keyed('f'.repeat(64));
    openFor(key);
    openFor(key);
    expect(registry.makeRoom(key, { spareYoung: true })).toBe('perKey');
    expect(registry.makeRoom(key)).toBeUndefined();
  });

  it('at the total cap, an idle anonymous session is evicted before anyone is refused; keyed and busy ones never', () => {
    const key = keyed('c'.repeat(64));
    const own = [openFor(key), openFor(key)];
    const busy = registry.open(undefined, anonymous('10.0.0.1'));
    busy.active = 1;
    const idle = registry.open(undefined, anonymous('10.0.0.2'));
    idle.requests = 1;
    expect(registry.size).toBe(4);
    openFor(anonymous('10.0.0.3'));
    expect(registry.use(idle.id)).toBeUndefined();
    expect(ended).toContain(idle.id);
    for (const session of own) expect(registry.use(session.id, key)).toBe(session);
    expect(registry.use(busy.id)).toBe(busy);
  });

  it('refuses when every candidate is busy, naming the cap', () => {
    const key = keyed('d'.repeat(64));
    for (const session of [openFor(key), openFor(key)]) session.active = 1;
    expect(registry.makeRoom(key)).toBe('perKey');
    for (let i = 0; i < 2; i++) {
      openFor(anonymous(`10.1.0.${i}`)).active = 1;
    }
    expect(registry.makeRoom(anonymous('10.9.9.9'))).toBe('total');
  });

  it('ends a session that never made a request after the short timeout, a used one only after the idle timeout', () => {
    const unused = registry.open(undefined, anonymous());
    const used = registry.open(undefined, anonymous());
    used.requests = 1;
    registry.sweep(Date.now() + 61_000);
    expect(registry.use(unused.id)).toBeUndefined();
    expect(registry.use(used.id)).toBe(used);
  });
});
