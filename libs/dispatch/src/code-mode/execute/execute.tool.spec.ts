import { Logger } from '@nestjs/common';
import { DispatchHarness } from '../../__fixtures__/dispatch.harness';
import type { JsonRpcNotification } from '../../interfaces/json-rpc.types';

describe('execute tool', () => {
  let harness: DispatchHarness;
  const filters = DispatchHarness.filters;
  const execute = (code: string, client?: Parameters<DispatchHarness['callTool']>[2], extra = {}) =>
    harness.callTool('execute', { code, ...extra }, client);
  const texts = (result: { content: { text: string }[] }) => result.content.map((block) => block.text);

  beforeAll(async () => {
    // The host's errors thrown into the script are under test, invalid arguments included: nothing type-checked.
    harness = await DispatchHarness.create({ sandbox: { wallTimeMs: 5_000 }, execute: { typeCheck: 'off' } });
  });
  afterAll(() => harness.close());

  describe('success', () => {
    it('returns the value as JSON text', async () => {
      expect(await execute('return 21 * 2;')).toEqual({ content: [{ type: 'text', text: '42' }] });
      expect(texts(await execute('const x = 1;'))).toEqual(['null']);
    });

    it('chains operations and returns only the computed answer', async () => {
      const code = `
        const orders = await myko.query('GetOrders', { customerId: 7 });
        const revenue = await myko.report('Revenue');
        const stock = await myko.view('StockLevels');
        return { open: orders.filter((o) => o.status === 'open').length, revenue, north: stock.north };`;
      expect(JSON.parse(texts(await execute(code))[0])).toEqual({ open: 1, revenue: 120.5, north: 4 });
    });

    it('returns console output in a second block', async () => {
      const result = await execute("console.log('hello', 1); return true;");
      expect(result.isError).toBeUndefined();
      expect(texts(result)[0]).toBe('true');
      expect(texts(result)[1]).toMatch(/^console:\n.*hello 1/);
    });
  });

  describe('errors thrown into the script', () => {
    it('lets the script catch a business error with its name and message', async () => {
      const code = `try { await myko.command('CancelOrder', { orderId: 'O-2' }); }
        catch (e) { return e.name + ': ' + e.message; }`;
      expect(texts(await execute(code))).toEqual(['"ConflictError: Order O-2 is paid and cannot be cancelled"']);
    });

    it('throws invalid arguments, naming the bad field', async () => {
      const code = `try { await myko.query('GetOrders', { customerId: 'seven', extra: 1 }); }
        catch (e) { return e.message; }`;
      const message = JSON.parse(texts(await execute(code))[0]);
      expect(message).toContain('Invalid arguments for query_GetOrders');
      expect(message).toContain('customerId');
    });

    it('masks internal errors and logs them on the host', async () => {
      const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
      try {
        const code = `try { await myko.query('Broken'); } catch (e) { return e.message; }`;
        const result = await execute(code);
        expect(texts(result)).toEqual(['"Internal error in query_Broken"']);
        expect(JSON.stringify(result)).not.toContain('hunter2');
        expect(logged.mock.calls.flat().join(' ')).toContain('hunter2');
      } finally {
        logged.mockRestore();
      }
    });

    it('refuses a hidden operation even through a computed name, exactly like an unknown one', async () => {
      const client = harness.client(filters({ 'visibility-deny': 'query_SecretSalaries' }));
      const code = `const out = [];
        for (const id of ['SecretSalaries', 'NoSuchThing']) {
          try { await myko['que' + 'ry'](id); } catch (e) { out.push(e.name + ': ' + e.message); }
        }
        return out;`;
      expect(JSON.parse(texts(await execute(code, client))[0])).toEqual([
        'OperationNotFoundError: Unknown operation: query_SecretSalaries',
        'OperationNotFoundError: Unknown operation: query_NoSuchThing',
      ]);
      const visible = await execute("return (await myko.query('SecretSalaries')).alice;");
      expect(texts(visible)).toEqual(['1']);
    });

    it('re-checks callability on every call', async () => {
      const client = harness.client(filters({ 'callable-allow': { query_GetOrders: { customerId: [7] } } }));
      const code = `const mine = await myko.query('GetOrders', { customerId: 7 });
        try { await myko.query('GetOrders', { customerId: 9 }); return 'leak'; }
        catch (e) { return [mine.length, e.name]; }`;
      expect(JSON.parse(texts(await execute(code, client))[0])).toEqual([2, 'CallRefusedError']);
    });
  });

  describe('failure report', () => {
    it('names the error and line, lists the commands that ran, and keeps the console', async () => {
      const before = harness.shop.orders.length;
      const code = [
        "const placed = await myko.command('PlaceOrder', { customerId: 9, sku: 'X' });",
        "console.log('placed', placed.id);",
        "await myko.command('CancelOrder', { orderId: 'O-2' });",
        'return placed;',
      ].join('\n');
      const result = await execute(code);
      expect(result.isError).toBe(true);
      const [report, consoleText] = texts(result);
      expect(report).toContain('ConflictError: Order O-2 is paid and cannot be cancelled');
      expect(report).toContain('line 3');
      expect(report).toMatch(/1\. command_PlaceOrder: completed/);
      expect(report).toMatch(/2\. command_CancelOrder: failed \(ConflictError/);
      expect(consoleText).toContain('placed O-');
      expect(harness.shop.orders.length).toBe(before + 1);
    });

    it('says when no command ran', async () => {
      const result = await execute("await myko.query('Orders');\nnull.x;");
      expect(result.isError).toBe(true);
      expect(texts(result)[0]).toContain('TypeError');
      expect(texts(result)[0]).toContain('line 2');
      expect(texts(result)[0]).toContain('No command ran');
    });

    it('explains a syntax error', async () => {
      const result = await execute('return (;');
      expect(result.isError).toBe(true);
      expect(texts(result)[0]).toContain('does not compile');
    });

    it('explains a timeout', async () => {
      const result = await execute("await myko.query('Orders'); while (true) {}", undefined, { timeoutMs: 300 });
      expect(result.isError).toBe(true);
      expect(texts(result)[0]).toContain('wall-clock time limit');
    });

    it('explains a result that is too large, with a hint', async () => {
      const result = await execute("return 'x'.repeat(2 * 1024 * 1024);");
      expect(result.isError).toBe(true);
      expect(texts(result)[0]).toContain('the returned value is too large');
    });
  });

  describe('cancellation', () => {
    it('stops a running execute on notifications/cancelled and starts no further operation', async () => {
      const client = harness.client();
      const start = harness.shop.ticks;
      const pending = harness.dispatch.handle(
        {
          jsonrpc: '2.0',
          id: 'run-1',
          method: 'tools/call',
          params: { name: 'execute', arguments: { code: "for (;;) { await myko.command('Tick'); }" } },
        },
        client,
      );
      while (harness.shop.ticks < start + 5) await new Promise((resolve) => setImmediate(resolve));
      const cancelledAt = Date.now();
      await harness.dispatch.handle(
        { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'run-1', reason: 'user' } },
        client,
      );
      await expect(pending).resolves.toBeUndefined();
      expect(Date.now() - cancelledAt).toBeLessThan(1_000);
      const after = harness.shop.ticks;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(harness.shop.ticks).toBe(after);
    });

    it('aborts the signal of the operation being awaited', async () => {
      const client = harness.client();
      const pending = harness.dispatch.handle(
        {
          jsonrpc: '2.0',
          id: 7,
          method: 'tools/call',
          params: { name: 'execute', arguments: { code: "await myko.query('WaitForAbort');" } },
        },
        client,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      await harness.dispatch.handle(
        { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } },
        client,
      );
      await expect(pending).resolves.toBeUndefined();
    });

    it('ignores a cancel for another session', async () => {
      const client = harness.client();
      const pending = harness.dispatch.handle(
        { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'execute', arguments: { code: 'return 1' } } },
        client,
      );
      await harness.dispatch.handle(
        { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 8 } },
        harness.client(),
      );
      await expect(pending).resolves.toMatchObject({ id: 8, result: { content: [{ text: '1' }] } });
    });
  });

  it('forwards operation progress when the request asked for it', async () => {
    const notifications: JsonRpcNotification[] = [];
    const client = harness.client(undefined, notifications);
    const response = await harness.dispatch.handle(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'execute',
          arguments: { code: "return myko.report('CountUp');" },
          _meta: { progressToken: 'p1' },
        },
      },
      client,
    );
    expect(response).toMatchObject({ result: { content: [{ text: '3' }] } });
    expect(notifications.map((n) => n.params)).toEqual([
      { progressToken: 'p1', progress: 1, total: 3, message: 'step 1' },
      { progressToken: 'p1', progress: 2, total: 3, message: 'step 2' },
      { progressToken: 'p1', progress: 3, total: 3, message: 'step 3' },
    ]);
  });
});
