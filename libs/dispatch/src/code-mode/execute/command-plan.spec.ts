import { InvalidArgumentsError, type OperationContext, OperationInvoker, OperationRegistry } from '@myko/registry';
import { IsInt, IsOptional, Min } from 'class-validator';
import { CommandPlan } from './command-plan';

class PriceArgs {
  @IsInt()
  productId!: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  cents?: number;
}

describe('CommandPlan', () => {
  const ran: string[] = [];
  const registry = new OperationRegistry();
  const owner = { prices: new Map([[1, 500]]) };
  registry.register({
    kind: 'command',
    id: 'SetPrice',
    description: 'Set a price.',
    args: PriceArgs,
    source: 'spec',
    handler: () => ran.push('SetPrice'),
    preview: function (this: typeof owner, args: PriceArgs) {
      return { from: this.prices.get(args.productId), to: args.cents };
    }.bind(owner),
  });
  registry.register({
    kind: 'command',
    id: 'Drop',
    description: 'Drop it.',
    args: PriceArgs,
    source: 'spec',
    handler: () => ran.push('Drop'),
  });
  registry.seal();
  const ctx = { signal: new AbortController().signal } as OperationContext;

  it('records commands in order, answers each with its preview or a generic stand-in, and runs none', async () => {
    const plan = new CommandPlan(new OperationInvoker(registry));
    expect(JSON.parse(await plan.record('command_SetPrice', { productId: 1, cents: 600 }, ctx))).toEqual({
      from: 500,
      to: 600,
    });
    expect(JSON.parse(await plan.record('command_Drop', { productId: 2 }, ctx))).toEqual({
      planned: true,
      command: 'Drop',
      args: { productId: 2 },
    });
    expect(plan.entries).toEqual([
      { command: 'SetPrice', args: { productId: 1, cents: 600 }, preview: { from: 500, to: 600 } },
      { command: 'Drop', args: { productId: 2 } },
    ]);
    expect(ran).toEqual([]);
  });

  it('validates the arguments as the real call would, and records nothing for invalid ones', async () => {
    const plan = new CommandPlan(new OperationInvoker(registry));
    await expect(plan.record('command_Drop', { productId: 'x' }, ctx)).rejects.toBeInstanceOf(InvalidArgumentsError);
    await expect(plan.record('command_Drop', { productId: 1, extra: 1 }, ctx)).rejects.toBeInstanceOf(
      InvalidArgumentsError,
    );
    expect(plan.entries).toEqual([]);
  });

  it('marks the commands that need an approval nobody could give this request', async () => {
    const plan = new CommandPlan(new OperationInvoker(registry), undefined, (name) => name === 'command_Drop');
    await plan.record('command_SetPrice', { productId: 1, cents: 600 }, ctx);
    await plan.record('command_Drop', { productId: 2 }, ctx);
    expect(plan.entries.map((entry) => entry.approval)).toEqual([undefined, 'unreachable']);
  });

  it('keeps the plan within its byte budget and counts the commands beyond it', async () => {
    const plan = new CommandPlan(new OperationInvoker(registry), 120);
    for (let i = 0; i < 5; i++) await plan.record('command_Drop', { productId: i }, ctx);
    expect(plan.entries.length).toBeGreaterThan(0);
    expect(plan.entries.length + plan.omitted).toBe(5);
    expect(plan.omitted).toBeGreaterThan(0);
  });
});
