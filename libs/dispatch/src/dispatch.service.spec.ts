import { Logger } from '@nestjs/common';
import { DispatchHarness } from './__fixtures__/dispatch.harness';
import { CODE_MODE_INSTRUCTIONS } from './code-mode/code-mode.instructions';
import { OperationSearchService } from './code-mode/search/operation-search.service';
import { SUPPORTED_PROTOCOL_VERSIONS } from './dispatch.constants';

describe('DispatchService (JSON-RPC and lifecycle)', () => {
  let harness: DispatchHarness;

  beforeAll(async () => {
    harness = await DispatchHarness.create({ serverInfo: { version: '1.2.3' } });
  });
  afterAll(() => harness.close());

  describe('JSON-RPC errors', () => {
    it('answers unparsable text with -32700 and id null', async () => {
      const response = await harness.dispatch.handleText('{"jsonrpc":"2.0","id":1,', harness.client());
      expect(response).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    });

    it('handles valid text like the parsed message', async () => {
      const response = await harness.dispatch.handleText(
        '{"jsonrpc":"2.0","id":"t","method":"ping"}',
        harness.client(),
      );
      expect(response).toEqual({ jsonrpc: '2.0', id: 't', result: {} });
    });

    it('answers a batch with -32600 and handles none of it', async () => {
      const batch = [{ jsonrpc: '2.0', id: 1, method: 'ping' }];
      const response = await harness.dispatch.handle(batch, harness.client());
      expect(response).toMatchObject({ id: null, error: { code: -32600 } });
      expect(response).not.toHaveProperty('result');
    });

    it('answers an invalid request with -32600, echoing a readable id', async () => {
      const client = harness.client();
      expect(await harness.dispatch.handle({ id: 5, method: 'ping' }, client)).toMatchObject({
        id: 5,
        error: { code: -32600 },
      });
      expect(await harness.dispatch.handle({ jsonrpc: '2.0', id: 6, method: 42 }, client)).toMatchObject({
        id: 6,
        error: { code: -32600 },
      });
      expect(await harness.dispatch.handle({ jsonrpc: '2.0', id: null, method: 'ping' }, client)).toMatchObject({
        id: null,
        error: { code: -32600 },
      });
      expect(await harness.dispatch.handleText('"ping"', client)).toMatchObject({ id: null, error: { code: -32600 } });
    });

    it('answers an unknown method with -32601', async () => {
      expect(await harness.error('prompts/list')).toEqual({ code: -32601, message: 'Method not found: prompts/list' });
    });

    it('answers params that are not an object with -32602', async () => {
      const response = await harness.dispatch.handle(
        { jsonrpc: '2.0', id: 'p', method: 'tools/list', params: ['x'] },
        harness.client(),
      );
      expect(response).toMatchObject({ id: 'p', error: { code: -32602 } });
    });

    it('masks an internal error as -32603 and logs the detail', async () => {
      const search = harness.moduleRef.get(OperationSearchService);
      const fault = jest.spyOn(search, 'search').mockImplementation(() => {
        throw new Error('disk on fire at /srv/secret');
      });
      const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
      try {
        const response = await harness.request('tools/call', { name: 'search', arguments: {} });
        expect(response).toMatchObject({ error: { code: -32603, message: 'Internal error' } });
        expect(JSON.stringify(response)).not.toContain('secret');
        expect(logged.mock.calls.flat().join(' ')).toContain('disk on fire at /srv/secret');
      } finally {
        fault.mockRestore();
        logged.mockRestore();
      }
    });

    it('refuses a second request with an id that is still in flight', async () => {
      const client = harness.client();
      const slow = harness.dispatch.handle(
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'execute', arguments: { code: 'await myko.query("WaitForAbort")' } },
        },
        client,
      );
      const duplicate = await harness.dispatch.handle({ jsonrpc: '2.0', id: 1, method: 'ping' }, client);
      expect(duplicate).toMatchObject({ id: 1, error: { code: -32600 } });
      // The same id as a string is another id.
      expect(await harness.dispatch.handle({ jsonrpc: '2.0', id: '1', method: 'ping' }, client)).toMatchObject({
        result: {},
      });
      harness.dispatch.endSession(client.sessionId);
      await expect(slow).resolves.toBeUndefined();
    });
  });

  describe('notifications and client responses', () => {
    it('never answers a notification, known or unknown', async () => {
      const client = harness.client();
      for (const method of ['notifications/initialized', 'notifications/cancelled', 'notifications/unknown', 'ping']) {
        expect(await harness.dispatch.handle({ jsonrpc: '2.0', method }, client)).toBeUndefined();
      }
    });

    it('drops responses sent by the client', async () => {
      const client = harness.client();
      expect(await harness.dispatch.handle({ jsonrpc: '2.0', id: 1, result: {} }, client)).toBeUndefined();
      expect(
        await harness.dispatch.handle({ jsonrpc: '2.0', id: 1, error: { code: -1, message: 'no' } }, client),
      ).toBeUndefined();
    });
  });

  describe('initialize', () => {
    const initialize = (protocolVersion: unknown) =>
      harness.request('initialize', {
        protocolVersion,
        capabilities: {},
        clientInfo: { name: 'spec', version: '1' },
      });

    it.each(SUPPORTED_PROTOCOL_VERSIONS)('echoes the supported version %s', async (version) => {
      expect(await initialize(version)).toMatchObject({ result: { protocolVersion: version } });
    });

    it('answers the latest version when the requested one is unknown', async () => {
      expect(await initialize('1999-01-01')).toMatchObject({ result: { protocolVersion: '2025-11-25' } });
    });

    it('rejects a missing protocolVersion with -32602', async () => {
      expect(await initialize(undefined)).toMatchObject({ error: { code: -32602 } });
    });

    it('declares only what it serves, its identity, and how the two Code Mode tools work together', async () => {
      const { result } = (await initialize('2025-06-18')) as { result: Record<string, unknown> };
      // No prompt is declared by the fixture, so no `prompts` capability.
      expect(result.capabilities).toEqual({
        tools: { listChanged: false },
        resources: { subscribe: true, listChanged: false },
        logging: {},
        completions: {},
      });
      expect(result.serverInfo).toEqual({ name: 'myko-nest', title: 'myko-nest', version: '1.2.3' });
      expect(result.instructions).toBe(CODE_MODE_INSTRUCTIONS);
    });

    it('sends configured instructions after the Code Mode paragraph, and alone to a direct-mode client', async () => {
      const other = await DispatchHarness.create({ instructions: 'Orders live here.' });
      const params = { protocolVersion: '2025-06-18', capabilities: {} };
      try {
        expect((await other.result('initialize', params)).instructions).toBe(
          `${CODE_MODE_INSTRUCTIONS}\n\nOrders live here.`,
        );
        const direct = { ...other.client(), toolMode: 'direct' as const };
        expect((await other.result('initialize', params, direct)).instructions).toBe('Orders live here.');
        const bare = { ...harness.client(), toolMode: 'direct' as const };
        expect(await harness.result('initialize', params, bare)).not.toHaveProperty('instructions');
      } finally {
        await other.close();
      }
    });

    it('answers ping with an empty result, also before initialize', async () => {
      expect(await harness.request('ping')).toMatchObject({ result: {} });
    });
  });
});
