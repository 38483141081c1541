import { createHash } from 'node:crypto';
import type { OperationContext, OperationInvocation } from '@myko/registry';
import { argsSha256, toAuditRecord } from './audit-record';
import { canonicalJson } from './canonical-json';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function invocation(overrides: Partial<OperationInvocation> = {}): OperationInvocation {
  const context = {
    client: { transport: 'http', sessionId: 'sess-1', principal: 'ops' },
  } as unknown as OperationContext;
  return {
    name: 'command_CancelOrder',
    kind: 'command',
    args: { orderId: 7, warehouseCode: 'BER' },
    context,
    outcome: 'ok',
    startedAt: Date.UTC(2026, 0, 2, 3, 4, 5, 6),
    durationMs: 1.23456,
    ...overrides,
  };
}

describe('audit records', () => {
  it('records an approval: whether it was given and by whom', () => {
    const client = { transport: 'ws', sessionId: 's', principal: 'ops', identity: 'abcdef0123456789' };
    const approved = { client, approval: { granted: true, by: 'abcdef0123456789' } } as unknown as OperationContext;
    expect(toAuditRecord(invocation({ context: approved }))).toMatchObject({
      outcome: 'ok',
      approval: { granted: true, by: 'abcdef0123456789' },
    });
    const declined = { client, approval: { granted: false, by: 'abcdef0123456789' } } as unknown as OperationContext;
    const refused = toAuditRecord(invocation({ context: declined, outcome: 'refused', error: 'declined' }));
    expect(refused).toMatchObject({ outcome: 'refused', approval: { granted: false } });
    expect(toAuditRecord(invocation())).not.toHaveProperty('approval');
  });

  it('hashes arguments as canonical JSON: key order and absent values do not matter', () => {
    expect(canonicalJson({ b: [1, { d: 1, c: undefined }], a: 'x' }).text).toBe('{"a":"x","b":[1,{"d":1}]}');
    expect(argsSha256({ b: 2, a: 1 })).toBe(argsSha256({ a: 1, b: 2 }));
    expect(argsSha256({ a: 1 })).toBe(sha256('{"a":1}'));
    expect(argsSha256(undefined)).toBe(sha256('{}'));
    expect(argsSha256(null)).toBe(argsSha256({}));
  });

  it('is one flat line: who, where, what, how it ended, how long, and the argument hash only', () => {
    const record = toAuditRecord(invocation());
    expect(record).toEqual({
      time: '2026-01-02T03:04:05.006Z',
      profile: 'ops',
      transport: 'http',
      session: 'sess-1',
      operation: 'command_CancelOrder',
      outcome: 'ok',
      durationMs: 1.23,
      argsSha256: argsSha256({ orderId: 7, warehouseCode: 'BER' }),
    });
    expect(JSON.stringify(record)).not.toContain('BER');
  });

  it('tells two token holders with the same subject apart by their identity', () => {
    const holder = (identity: string) =>
      ({ client: { transport: 'http', principal: 'ops', subject: 'alice', identity } }) as unknown as OperationContext;
    const first = toAuditRecord(invocation({ context: holder('0123456789abcdef') }));
    const second = toAuditRecord(invocation({ context: holder('fedcba9876543210') }));
    expect(first).toMatchObject({ subject: 'alice', identity: '0123456789abcdef' });
    expect(second).toMatchObject({ subject: 'alice', identity: 'fedcba9876543210' });
  });

  it('names the error or the refusal, cut to a bounded length, and null for an anonymous client', () => {
    const failed = toAuditRecord(invocation({ outcome: 'error', error: new RangeError('x'.repeat(2000)) }));
    expect(failed.error).toMatch(/^RangeError: x+\.\.\.$/);
    expect(failed.error?.length).toBeLessThan(1100);
    const context = { client: { transport: 'stdio' } } as unknown as OperationContext;
    const refused = toAuditRecord(invocation({ outcome: 'refused', error: 'Call refused', context }));
    expect(refused).toMatchObject({ profile: null, session: null, outcome: 'refused', error: 'Call refused' });
  });

  it('writes a 30,000-deep argument without overflowing the stack, hashing it like JSON.stringify would', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 30_000; i++) deep = [deep];
    const record = toAuditRecord(invocation({ outcome: 'refused', error: 'refused', args: { payload: deep } }));
    const text = `{"payload":${'['.repeat(30_000)}"x"${']'.repeat(30_000)}}`;
    expect(record.argsSha256).toBe(sha256(text));
    expect(record.cut).toBeUndefined();
  });

  it('says what it cut: a cycle or a value JSON cannot hold is hashed as null, the line still written', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const record = toAuditRecord(invocation({ args: { cyclic, big: 10n } }));
    expect(record.argsSha256).toBe(sha256('{"big":null,"cyclic":{"a":1,"self":null}}'));
    expect(record.cut).toContain('arguments:');
    const throwing = {
      toString: () => {
        throw new Error('no');
      },
    };
    expect(toAuditRecord(invocation({ outcome: 'error', error: throwing })).error).toBe(
      'an error that cannot be described',
    );
  });
});
