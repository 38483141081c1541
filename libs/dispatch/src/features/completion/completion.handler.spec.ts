import { OperationRegistry } from '@myko/registry';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DispatchHarness, NO_SCRIPTS } from '../../__fixtures__/dispatch.harness';
import { SpecPrimitives } from '../../__fixtures__/mcp-primitives.fixture';

/** 150 reports whose ids share a prefix, to exceed the 100-value limit. */
@Injectable()
class ManyReports implements OnModuleInit {
  constructor(private readonly registry: OperationRegistry) {}

  onModuleInit(): void {
    for (let i = 0; i < 150; i++) {
      const id = `Bulk${String(i).padStart(3, '0')}`;
      this.registry.register({ kind: 'report', id, description: `Bulk ${i}`, source: 'spec', handler: () => i });
    }
  }
}

describe('completion/complete', () => {
  let harness: DispatchHarness;
  const complete = (ref: Record<string, unknown>, name: string, value: string, extra: Record<string, unknown> = {}) =>
    harness.result('completion/complete', { ref, argument: { name, value }, ...extra });

  beforeAll(async () => {
    harness = await DispatchHarness.create(NO_SCRIPTS, [SpecPrimitives, ManyReports]);
  });
  afterAll(() => harness.close());

  it('completes a prompt argument through its provider', async () => {
    expect(await complete({ type: 'ref/prompt', name: 'greet' }, 'name', 'A')).toEqual({
      completion: { values: ['Ada', 'Alan'], total: 2, hasMore: false },
    });
    expect(await complete({ type: 'ref/prompt', name: 'greet' }, 'mood', 'x')).toEqual({
      completion: { values: [], total: 0, hasMore: false },
    });
  });

  it('completes a custom template variable', async () => {
    expect(await complete({ type: 'ref/resource', uri: 'test://items/{id}' }, 'id', 'ap')).toEqual({
      completion: { values: ['apple', 'apricot'], total: 2, hasMore: false },
    });
  });

  it('completes the schema template from visible operations, capped at 100 with total and hasMore', async () => {
    const ref = { type: 'ref/resource', uri: 'myko://schema/{kind}/{id}' };
    expect((await complete(ref, 'kind', 'c')).completion.values).toEqual(['command']);
    const bulk = await complete(ref, 'id', 'bulk', { context: { arguments: { kind: 'report' } } });
    expect(bulk.completion.values).toHaveLength(100);
    expect(bulk.completion).toMatchObject({ total: 150, hasMore: true });
    expect(bulk.completion.values[0]).toBe('Bulk000');
    const hidden = harness.client(DispatchHarness.filters({ 'visibility-deny': 'query_SecretSalaries' }));
    const secret = await harness.result(
      'completion/complete',
      { ref, argument: { name: 'id', value: 'Secret' } },
      hidden,
    );
    expect(secret.completion.values).toEqual([]);
  });

  it('refuses a value over 10,000 characters with -32602 naming the limit', async () => {
    const ref = { type: 'ref/resource', uri: 'myko://schema/{kind}/{id}' };
    const error = await harness.error('completion/complete', {
      ref,
      argument: { name: 'id', value: 'b'.repeat(10_001) },
    });
    expect(error).toMatchObject({ code: -32602, message: expect.stringContaining('at most 10,000 characters') });
    expect((await complete(ref, 'id', `Bulk${'0'.repeat(9_996)}`)).completion.values).toEqual([]);
  });

  it.each([
    ['an unknown prompt', { ref: { type: 'ref/prompt', name: 'nope' }, argument: { name: 'a', value: '' } }],
    ['an undeclared argument', { ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'x', value: '' } }],
    ['an unknown template', { ref: { type: 'ref/resource', uri: 'x://{y}' }, argument: { name: 'y', value: '' } }],
    ['a bad ref type', { ref: { type: 'ref/tool', name: 'echo' }, argument: { name: 'a', value: '' } }],
    ['a missing argument', { ref: { type: 'ref/prompt', name: 'greet' } }],
  ])('answers %s with -32602', async (_label, params) => {
    expect(await harness.error('completion/complete', params)).toMatchObject({ code: -32602 });
  });
});
