import { OperationRegistry } from '@myko/registry';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DispatchHarness, NO_SCRIPTS } from '../../__fixtures__/dispatch.harness';

/** Registers enough operations to need a second resources/list page. */
@Injectable()
class GeneratedOperations implements OnModuleInit {
  constructor(private readonly registry: OperationRegistry) {}

  onModuleInit(): void {
    for (let i = 0; i < 150; i++) {
      const id = `Generated${String(i).padStart(3, '0')}`;
      this.registry.register({
        kind: 'report',
        id,
        description: `Generated report ${i}`,
        source: 'spec',
        handler: () => i,
      });
    }
  }
}

describe('schema resources', () => {
  let harness: DispatchHarness;
  const hiding = () => harness.client(DispatchHarness.filters({ 'visibility-deny': 'query_SecretSalaries' }));

  beforeAll(async () => {
    harness = await DispatchHarness.create(NO_SCRIPTS, [GeneratedOperations]);
  });
  afterAll(() => harness.close());

  const listAll = async (client = harness.client()) => {
    const resources: { uri: string; name: string; mimeType: string }[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await harness.result('resources/list', cursor ? { cursor } : {}, client);
      resources.push(...page.resources);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    return { resources, pages };
  };

  it('lists one resource per visible operation, across pages', async () => {
    const registry = harness.moduleRef.get(OperationRegistry);
    const { resources, pages } = await listAll();
    expect(pages).toBe(2);
    // Besides the schemas: the caller's executions (Code Mode).
    expect(resources.filter((r) => r.uri === 'myko://executions')).toHaveLength(1);
    expect(resources).toHaveLength(registry.size + 1);
    expect(resources).toContainEqual(
      expect.objectContaining({
        uri: 'myko://schema/query/GetOrders',
        name: 'query_GetOrders',
        mimeType: 'application/json',
      }),
    );
    const hidden = await listAll(hiding());
    expect(hidden.resources).toHaveLength(registry.size);
    expect(hidden.resources.map((r) => r.uri)).not.toContain('myko://schema/query/SecretSalaries');
  });

  it('rejects a cursor it never issued with -32602', async () => {
    expect(await harness.error('resources/list', { cursor: 'bogus' })).toMatchObject({ code: -32602 });
  });

  it('reads the real input JSON Schema of an operation', async () => {
    const uri = 'myko://schema/command/PlaceOrder';
    const { contents } = await harness.result('resources/read', { uri });
    expect(contents).toHaveLength(1);
    expect(contents[0]).toMatchObject({ uri, mimeType: 'application/json' });
    const schema = JSON.parse(contents[0].text);
    expect(schema).toMatchObject({
      type: 'object',
      properties: { customerId: expect.any(Object), sku: expect.any(Object) },
    });
    expect(schema.required).toEqual(expect.arrayContaining(['customerId', 'sku']));
  });

  it.each([
    ['a hidden operation', 'myko://schema/query/SecretSalaries'],
    ['an unknown operation', 'myko://schema/query/Nope'],
    ['an unknown kind', 'myko://schema/table/GetOrders'],
    ['a malformed URI', 'myko://schema/query'],
    ['another scheme', 'file:///etc/passwd'],
  ])('answers %s with -32002 "Resource not found"', async (_label, uri) => {
    expect(await harness.error('resources/read', { uri }, hiding())).toEqual({
      code: -32002,
      message: 'Resource not found',
      data: { uri },
    });
  });

  it('requires a uri', async () => {
    expect(await harness.error('resources/read', {})).toMatchObject({ code: -32602 });
  });

  it('lists the schema and live-query URI templates', async () => {
    const { resourceTemplates } = await harness.result('resources/templates/list');
    expect(resourceTemplates).toEqual([
      expect.objectContaining({ uriTemplate: 'myko://schema/{kind}/{id}', mimeType: 'application/json' }),
      expect.objectContaining({ uriTemplate: 'myko://live/{kind}/{id}{?args}', mimeType: 'application/json' }),
    ]);
  });
});
