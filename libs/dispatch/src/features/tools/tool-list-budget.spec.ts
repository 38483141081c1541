import { OperationRegistry } from '@myko/registry';
import { DispatchHarness } from '../../__fixtures__/dispatch.harness';

/** What the Code Mode tools cost in a model's context on every turn (≈ tokens × 4: ≤ 600 tokens). */
const CODE_MODE_BUDGET_BYTES = 2_400;

describe('tools/list size', () => {
  let harness: DispatchHarness;

  beforeAll(async () => {
    harness = await DispatchHarness.create();
  });
  afterAll(() => harness.close());

  it('keeps the Code Mode tools within their context budget, whatever the number of operations', async () => {
    const code = await harness.result('tools/list');
    expect(JSON.stringify(code.tools).length).toBeLessThanOrEqual(CODE_MODE_BUDGET_BYTES);
  });

  it('lists one tool per operation for a direct-mode client, after the custom tools', async () => {
    const direct = harness.client();
    const { tools } = await harness.result('tools/list', {}, { ...direct, toolMode: 'direct' });
    const operations = harness.moduleRef.get(OperationRegistry).list();
    expect(tools.map((t: { name: string }) => t.name)).toEqual(operations.map((op) => op.name));
  });
});
