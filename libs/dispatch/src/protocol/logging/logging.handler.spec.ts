import { Command, type OperationContext } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { DispatchHarness } from '../../__fixtures__/dispatch.harness';
import { SpecPrimitives } from '../../__fixtures__/mcp-primitives.fixture';
import type { JsonRpcNotification } from '../../interfaces/json-rpc.types';

@Injectable()
class LoggingOperations {
  @Command({ description: 'Logs at three levels' })
  LogAndPlace(_args: object, ctx: OperationContext): string {
    ctx.log.debug('Checking stock');
    ctx.log.info('Placing an order', { customerId: 5 });
    ctx.log.warn('Stock is low');
    return 'placed';
  }
}

describe('logging/setLevel and notifications/message', () => {
  let harness: DispatchHarness;

  beforeAll(async () => {
    harness = await DispatchHarness.create({}, [SpecPrimitives, LoggingOperations]);
  });
  afterAll(() => harness.close());

  function logging() {
    const sent: JsonRpcNotification[] = [];
    const client = harness.client(undefined, sent);
    const messages = () => sent.filter((n) => n.method === 'notifications/message').map((n) => n.params);
    return { client, messages };
  }

  it('sends tool logs at or above the default level (info) on the request stream', async () => {
    const { client, messages } = logging();
    await harness.callTool('chatty', {}, client);
    expect(messages()).toEqual([
      { level: 'info', logger: 'chatty', data: { step: 'info' } },
      { level: 'error', data: 'something broke' },
    ]);
  });

  it('applies the level the client sets, at once and per session', async () => {
    const { client, messages } = logging();
    expect(await harness.result('logging/setLevel', { level: 'debug' }, client)).toEqual({});
    await harness.callTool('chatty', {}, client);
    expect(messages().map((m) => m?.level)).toEqual(['debug', 'info', 'error']);

    const quiet = logging();
    await harness.result('logging/setLevel', { level: 'critical' }, quiet.client);
    await harness.callTool('chatty', {}, quiet.client);
    expect(quiet.messages()).toEqual([]);
  });

  it('sends the logs of operations run by execute, from logger <kind>_<id>', async () => {
    const { client, messages } = logging();
    await harness.result('logging/setLevel', { level: 'info' }, client);
    const result = await harness.callTool('execute', { code: "return myko.command('LogAndPlace')" }, client);
    expect(result.content[0].text).toBe('"placed"');
    expect(messages()).toEqual([
      { level: 'info', logger: 'command_LogAndPlace', data: { message: 'Placing an order', data: { customerId: 5 } } },
      { level: 'warning', logger: 'command_LogAndPlace', data: 'Stock is low' },
    ]);
  });

  it('rejects an unknown level with -32602', async () => {
    expect(await harness.error('logging/setLevel', { level: 'verbose' })).toMatchObject({
      code: -32602,
      message: expect.stringContaining('debug, info, notice, warning, error, critical, alert, emergency'),
    });
    expect(await harness.error('logging/setLevel', {})).toMatchObject({ code: -32602 });
  });

  it('honours a configured default level', async () => {
    const quiet = await DispatchHarness.create({ logLevel: 'error' }, [SpecPrimitives]);
    try {
      const sent: JsonRpcNotification[] = [];
      await quiet.callTool('chatty', {}, quiet.client(undefined, sent));
      expect(sent.map((n) => n.params?.level)).toEqual(['error']);
    } finally {
      await quiet.close();
    }
  });
});
