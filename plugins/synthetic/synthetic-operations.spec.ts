import { type JsonSchema, type OperationContext, OperationInvoker, OperationRegistry } from '@myko/registry';
import Ajv2020 from 'ajv/dist/2020';
import { syntheticOperations } from './synthetic-operations';

const CONTEXT: OperationContext = {
  client: { transport: 'internal' },
  signal: new AbortController().signal,
  log: { debug() {}, info() {}, warn() {}, error() {} },
  progress() {},
};

/** The smallest valid arguments: every required property with a value of its schema's type. */
function sampleArgs(schema: JsonSchema): Record<string, unknown> {
  const properties = schema.properties as Record<string, JsonSchema>;
  const args: Record<string, unknown> = {};
  for (const name of (schema.required as string[] | undefined) ?? []) {
    const property = properties[name];
    if (Array.isArray(property.enum)) args[name] = property.enum[0];
    else if (property.type === 'integer' || property.type === 'number') args[name] = 3;
    else if (property.type === 'boolean') args[name] = true;
    else if (property.type === 'array') args[name] = (property.items as JsonSchema).type === 'integer' ? [4, 5] : ['a'];
    else args[name] = 'x';
  }
  return args;
}

function registryOf(count: number): OperationRegistry {
  const registry = new OperationRegistry();
  for (const operation of syntheticOperations(count)) registry.register(operation);
  return registry;
}

describe('syntheticOperations', () => {
  const registry = registryOf(100);
  const operations = registry.list();

  it('generates 100 operations, ten per entity, across the four kinds', () => {
    const byKind: Record<string, number> = {};
    for (const op of operations) byKind[op.kind] = (byKind[op.kind] ?? 0) + 1;
    expect(byKind).toEqual({ query: 30, view: 20, report: 20, command: 30 });
    expect(registry.get('query_ListBillingInvoices')).toMatchObject({
      outputType: 'InvoicePage',
      source: 'programmatic:synthetic',
    });
    expect(registry.get('command_ArchiveCrmInvoice')).toMatchObject({ destructive: true, idempotent: true });
  });

  it('gives every operation a unique name, also past 10,000 where names take a round suffix', () => {
    expect(new Set(operations.map((op) => op.name)).size).toBe(100);
    const large = syntheticOperations(10_010).map((op) => `${op.kind}_${op.id}`);
    expect(new Set(large).size).toBe(10_010);
    expect(large[10_000]).toBe('query_ListBillingInvoices2');
  });

  it('describes 3 to 6 typed, described arguments per operation', () => {
    for (const op of operations) {
      expect(op.description.length).toBeGreaterThan(40);
      expect(op.args.length).toBeGreaterThanOrEqual(3);
      expect(op.args.length).toBeLessThanOrEqual(6);
      for (const arg of op.args) {
        expect(arg.tsType).not.toBe('unknown');
        expect(arg.description).toEqual(expect.any(String));
      }
    }
  });

  it('has valid 2020-12 input and output schemas, and handlers whose results match them', async () => {
    const ajv = new Ajv2020({ strict: false });
    const invoker = new OperationInvoker(registry);
    for (const op of operations) {
      const input = ajv.compile(op.inputSchema);
      const args = sampleArgs(op.inputSchema);
      expect({ op: op.name, valid: input(args), errors: input.errors }).toMatchObject({ valid: true });
      expect(input({ ...args, bogus: 1 })).toBe(false);
      expect(op.outputSchema).toBeDefined();
      const output = ajv.compile(op.outputSchema as JsonSchema);
      const result = await invoker.invoke(op.name, args, CONTEXT);
      expect({ op: op.name, valid: output(result), errors: output.errors }).toMatchObject({ valid: true });
    }
  });

  it('rejects invalid arguments through the real DTO validation, naming the field', async () => {
    const invoker = new OperationInvoker(registry);
    await expect(invoker.invoke('query_ListBillingInvoices', { status: 'lost', limit: -1 }, CONTEXT)).rejects.toThrow(
      /status: .*limit: /,
    );
  });

  it('is deterministic: the same count gives the same operations and schemas', () => {
    const again = registryOf(100).list();
    expect(JSON.stringify(again)).toBe(JSON.stringify(operations));
    const ids = (count: number) => syntheticOperations(count).map((op) => `${op.kind}_${op.id}`);
    expect(ids(30)).toEqual(ids(100).slice(0, 30));
  });

  it('refuses a count that is not a non-negative integer', () => {
    expect(() => syntheticOperations(-1)).toThrow(RangeError);
    expect(syntheticOperations(0)).toEqual([]);
  });
});
