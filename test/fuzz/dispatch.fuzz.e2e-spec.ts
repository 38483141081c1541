import { type ClientContext, DispatchService, type JsonRpcNotification, type JsonRpcRequest } from '@myko/dispatch';
import { ClientFilters } from '@myko/filter';
import fc from 'fast-check';
import type { TestServer } from '../helpers/test-server';
import {
  anyMessage,
  edgeString,
  executeArguments,
  junkUri,
  junkValue,
  METHODS,
  searchArguments,
  toolArguments,
} from './fuzz.arbitraries';
import { CaseCounter, fuzzParams, fuzzTimeout } from './fuzz.config';
import { assertPong, assertWellFormed, expectedOutcome } from './fuzz.oracle';
import { anyMessageText } from './fuzz.text.arbitraries';
import { startFuzzServer } from './fuzz.wire';

const counter = new CaseCounter();
let server: TestServer;
let dispatch: DispatchService;
let pings = 0;

beforeAll(async () => {
  server = await startFuzzServer();
  dispatch = server.app.get(DispatchService);
});

afterAll(async () => {
  counter.report();
  await server?.close();
});

/** A client whose notifications and requests to it are checked for shape as they arrive. */
function client(sessionId: string): ClientContext {
  const notify = (message: JsonRpcNotification | JsonRpcRequest) => {
    if (message.jsonrpc !== '2.0' || typeof message.method !== 'string') {
      throw new Error(`malformed message to the client: ${JSON.stringify(message)}`);
    }
  };
  return { transport: 'internal', sessionId, filters: ClientFilters.ALLOW_ALL, notify };
}

function callsExecute(message: unknown): boolean {
  const params = (message as { params?: { name?: unknown } } | null)?.params;
  return typeof params === 'object' && params !== null && params.name === 'execute';
}

async function check(message: unknown, response: unknown, input: string): Promise<void> {
  const expected = expectedOutcome(message);
  if (expected.kind === 'silent') {
    if (response !== undefined) throw new Error(`answered a message that needs no answer: ${JSON.stringify(response)}`);
  } else {
    assertWellFormed(response, expected.id, input, callsExecute(message));
  }
}

async function assertStillAnswers(c: ClientContext): Promise<void> {
  const id = `ping-${pings++}`;
  assertPong(await dispatch.handle({ jsonrpc: '2.0', id, method: 'ping' }, c), id);
}

// Sessions shared across cases, so state left by one input (initialize, subscriptions) meets the next.
const sessions = fc.constantFrom('fuzz-a', 'fuzz-b', 'fuzz-c');

describe('fuzz: DispatchService', () => {
  it(
    'handle() answers every parsed value well-formed or stays silent, never throws, and still answers ping',
    async () => {
      await counter.time('handle', () =>
        fc.assert(
          fc.asyncProperty(anyMessage, sessions, async (message, sessionId) => {
            counter.hit('handle');
            const c = client(sessionId);
            await check(message, await dispatch.handle(message, c), JSON.stringify(message) ?? '');
            await assertStillAnswers(c);
          }),
          fuzzParams(300, 0.45),
        ),
      );
    },
    fuzzTimeout(20_000),
  );

  it(
    'handleText() answers parse errors with -32700 and id null, and everything else like handle()',
    async () => {
      await counter.time('handleText', () =>
        fc.assert(
          fc.asyncProperty(anyMessageText, sessions, async (text, sessionId) => {
            counter.hit('handleText');
            const c = client(sessionId);
            const response = await dispatch.handleText(text, c);
            let parsed: unknown;
            try {
              parsed = JSON.parse(text);
            } catch {
              assertWellFormed(response, null, text);
              if ((response as { error?: { code?: unknown } }).error?.code !== -32700) {
                throw new Error(`unparseable text not answered -32700: ${JSON.stringify(response)}`);
              }
              return assertStillAnswers(c);
            }
            await check(parsed, response, text);
            await assertStillAnswers(c);
          }),
          fuzzParams(300, 0.35),
        ),
      );
    },
    fuzzTimeout(20_000),
  );

  it(
    'tools/call (search, execute) and resources/read with junk arguments answer well-formed',
    async () => {
      const call = fc.oneof(
        fc.record({
          jsonrpc: fc.constant('2.0'),
          id: fc.integer(),
          method: fc.constant('tools/call'),
          params: fc.oneof(
            fc.record({ name: fc.constant('execute'), arguments: executeArguments }),
            fc.record({ name: fc.constant('search'), arguments: searchArguments }),
            fc.record({ name: fc.oneof(fc.constantFrom('search', 'execute'), edgeString), arguments: toolArguments }),
          ),
        }),
        fc.record({
          jsonrpc: fc.constant('2.0'),
          id: fc.integer(),
          method: fc.constantFrom('resources/read', 'resources/subscribe', 'resources/unsubscribe'),
          params: fc.record({ uri: junkUri, _meta: junkValue }, { requiredKeys: ['uri'] }),
        }),
      );
      await counter.time('tools-resources', () =>
        fc.assert(
          fc.asyncProperty(call, sessions, async (message, sessionId) => {
            counter.hit('tools-resources');
            const c = client(sessionId);
            await check(message, await dispatch.handle(message, c), JSON.stringify(message) ?? '');
            await assertStillAnswers(c);
          }),
          fuzzParams(150, 0.05),
        ),
      );
    },
    fuzzTimeout(20_000),
  );

  it(
    'concurrent requests with duplicate ids each get exactly one answer with their own id',
    async () => {
      const request = fc.record({
        jsonrpc: fc.constant('2.0'),
        id: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom('a', 'b')),
        method: fc.constantFrom(...METHODS.filter((m) => !m.startsWith('notifications/'))),
        params: fc.constant({}),
      });
      await counter.time('duplicate-ids', () =>
        fc.assert(
          fc.asyncProperty(fc.array(request, { minLength: 2, maxLength: 8 }), sessions, async (batch, sessionId) => {
            counter.hit('duplicate-ids');
            const c = client(sessionId);
            const responses = await Promise.all(batch.map((message) => dispatch.handle(message, c)));
            responses.forEach((response, i) => {
              assertWellFormed(response, batch[i].id);
            });
            await assertStillAnswers(c);
          }),
          fuzzParams(100, 0.05),
        ),
      );
    },
    fuzzTimeout(20_000),
  );
});
