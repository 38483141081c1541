import {
  type Json,
  messageOf,
  RawSession,
  type SseApp,
  type SseEvent,
  SseReader,
  startSseApp,
} from '../helpers/sse-client';
import { WATCHED_URI } from '../helpers/sse-fixtures';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const messages = (events: SseEvent[]): Json[] => events.map(messageOf).filter((m) => m !== undefined);
const seqOf = (event: SseEvent) => Number(event.id?.split(':')[1]);

let server: SseApp;

beforeAll(async () => {
  server = await startSseApp();
});

afterAll(async () => {
  await server?.close();
});

async function until<T>(probe: () => T | undefined, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(10);
  }
}

describe('Streamable HTTP SSE: POST streams', () => {
  it('answers a call that reports progress with an SSE stream: progress events, then the result, then the end', async () => {
    const session = await RawSession.open(server.url, '2025-06-18');
    const res = await session.callTool(1, 'progress_steps', { steps: 3, delayMs: 10 }, 'tok');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('mcp-session-id')).toBe(session.id);
    const events = await new SseReader(res).rest();
    const sent = messages(events);
    expect(sent.map((m) => m.method ?? 'response')).toEqual([
      'notifications/progress',
      'notifications/progress',
      'notifications/progress',
      'response',
    ]);
    expect(sent.slice(0, 3).map((m) => m.params)).toEqual([
      { progressToken: 'tok', progress: 1, total: 3, message: 'step 1' },
      { progressToken: 'tok', progress: 2, total: 3, message: 'step 2' },
      { progressToken: 'tok', progress: 3, total: 3, message: 'step 3' },
    ]);
    expect(sent[3]).toMatchObject({ id: 1, result: { content: [{ type: 'text', text: 'done after 3 steps' }] } });
  });

  it('gives every event an id <streamId>:<seq>, unique in the session and distinct per stream', async () => {
    const session = await RawSession.open(server.url, '2025-06-18');
    const first = await new SseReader(await session.callTool(1, 'log_burst', { count: 2 })).rest();
    const second = await new SseReader(await session.callTool(2, 'log_burst', { count: 2 })).rest();
    const ids = [...first, ...second].map((e) => e.id);
    expect(ids.every((id) => /^r\d+:\d+$/.test(id ?? ''))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const streamOf = (events: SseEvent[]) => new Set(events.map((e) => e.id?.split(':')[0]));
    expect(streamOf(first).size).toBe(1);
    expect(streamOf(second).size).toBe(1);
    expect([...streamOf(first)][0]).not.toBe([...streamOf(second)][0]);
    expect(first.map(seqOf)).toEqual([1, 2, 3]);
  });

  it('sends the priming event (id, empty data) and retry first only to clients at 2025-11-25', async () => {
    const modern = await RawSession.open(server.url, '2025-11-25');
    const events = await new SseReader(await modern.callTool(1, 'log_burst', { count: 1 })).rest();
    expect(events[0]).toEqual({ id: expect.stringMatching(/^r\d+:1$/), retry: 1_000, data: '' });
    expect(messages(events).map((m) => m.method ?? 'response')).toEqual(['notifications/message', 'response']);
    expect(events.slice(1).map(seqOf)).toEqual([2, 3]);

    const older = await RawSession.open(server.url, '2025-06-18');
    const plain = await new SseReader(await older.callTool(1, 'log_burst', { count: 1 })).rest();
    expect(plain.every((e) => e.data !== '' && e.retry === undefined)).toBe(true);
    expect(plain).toHaveLength(2);
  });

  it('keeps application/json for a request that sends nothing before its answer', async () => {
    const session = await RawSession.open(server.url);
    const res = await session.callTool(1, 'sleep', { ms: 1 });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({ id: 1, result: { content: [{ text: 'slept 1 ms' }] } });
  });

  it('carries a sampling request on the POST stream; the reply comes as its own POST (202) and the call finishes', async () => {
    const session = await RawSession.open(server.url, '2025-11-25', { sampling: {} });
    const reader = new SseReader(await session.callTool(5, 'ask_model'));
    const before = await reader.until((e) => messageOf(e)?.method === 'sampling/createMessage');
    expect(messages(before).map((m) => m.method)).toEqual(['notifications/message', 'sampling/createMessage']);
    const request = messageOf(before.at(-1) as SseEvent);
    const reply = await session.post({
      jsonrpc: '2.0',
      id: request.id,
      result: { role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'test-model' },
    });
    expect(reply.status).toBe(202);
    expect(await reply.text()).toBe('');
    const after = messages(await reader.rest());
    expect(after).toEqual([
      expect.objectContaining({
        id: 5,
        result: expect.objectContaining({ content: [{ type: 'text', text: 'model said: hi' }] }),
      }),
    ]);
  });
});

describe('Streamable HTTP SSE: the standalone GET stream', () => {
  it('carries session-level messages (resources/updated) with ids; one per session (409), free again once closed', async () => {
    const session = await RawSession.open(server.url, '2025-11-25');
    const subscribed = await session.post({
      jsonrpc: '2.0',
      id: 1,
      method: 'resources/subscribe',
      params: { uri: WATCHED_URI },
    });
    expect(await subscribed.json()).toMatchObject({ result: {} });
    const res = await session.get();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const stream = new SseReader(res);
    expect(await stream.next()).toEqual({ id: 'g:1', retry: 1_000, data: '' });

    const second = await session.get();
    expect(second.status).toBe(409);
    await second.text();

    server.fixtures.change();
    const [update] = await stream.until((e) => messageOf(e)?.method === 'notifications/resources/updated');
    expect(update.id).toBe('g:2');
    expect(messageOf(update).params).toEqual({ uri: WATCHED_URI });

    await stream.drop();
    await until(() => !server.sessions.use(session.id)?.streams.hasOpenConnection());
    const again = await session.get();
    expect(again.status).toBe(200);
    await new SseReader(again).drop();
  });

  it('does not prime GET streams of clients older than 2025-11-25', async () => {
    const session = await RawSession.open(server.url, '2025-06-18');
    await session.post({ jsonrpc: '2.0', id: 1, method: 'resources/subscribe', params: { uri: WATCHED_URI } });
    const stream = new SseReader(await session.get());
    await sleep(50);
    server.fixtures.change();
    const first = await stream.next();
    expect(first).toMatchObject({ id: 'g:1', event: 'message' });
    expect(messageOf(first as SseEvent).method).toBe('notifications/resources/updated');
    await stream.drop();
  });

  it('resumes with Last-Event-ID: replays what followed it, then carries new messages', async () => {
    const session = await RawSession.open(server.url, '2025-11-25');
    await session.post({ jsonrpc: '2.0', id: 1, method: 'resources/subscribe', params: { uri: WATCHED_URI } });
    const first = new SseReader(await session.get());
    await first.next();
    server.fixtures.change();
    server.fixtures.change();
    const seen = await first.until((e) => e.id === 'g:3');
    expect(seen.map((e) => e.id)).toEqual(['g:2', 'g:3']);
    await first.drop();

    const resumed = new SseReader(await session.get('g:2'));
    expect(await resumed.next()).toEqual({ retry: 1_000 });
    expect((await resumed.next())?.id).toBe('g:3');
    server.fixtures.change();
    const live = await resumed.next();
    expect(live?.id).toBe('g:4');
    expect(messageOf(live as SseEvent).method).toBe('notifications/resources/updated');
    await resumed.drop();
  });
});

describe('Streamable HTTP SSE: resuming a POST stream', () => {
  it('a dropped connection is not a cancellation: GET + Last-Event-ID replays the rest and the result', async () => {
    const session = await RawSession.open(server.url, '2025-11-25');
    const before = server.fixtures.completed;
    const reader = new SseReader(await session.callTool('long', 'progress_steps', { steps: 4, delayMs: 60 }, 'p'));
    const seen = await reader.until((e) => messageOf(e)?.method === 'notifications/progress');
    expect(seen[0].data).toBe('');
    const lastId = seen.at(-1)?.id as string;
    await reader.drop();

    await until(() => server.fixtures.completed > before);
    const resumed = await session.get(lastId);
    expect(resumed.status).toBe(200);
    const rest = await new SseReader(resumed).rest();
    const replayed = messages(rest);
    expect(replayed.map((m) => m.params?.progress ?? 'response')).toEqual([2, 3, 4, 'response']);
    expect(replayed.at(-1)).toMatchObject({ id: 'long', result: { content: [{ text: 'done after 4 steps' }] } });
    const lastStream = lastId.split(':')[0];
    expect(rest.filter((e) => e.id).every((e) => e.id?.startsWith(`${lastStream}:`))).toBe(true);
  });

  it('a resume while the request still runs replays, then streams the rest live', async () => {
    const session = await RawSession.open(server.url, '2025-06-18');
    const reader = new SseReader(await session.callTool(9, 'progress_steps', { steps: 5, delayMs: 60 }, 'p'));
    const [first] = await reader.until((e) => messageOf(e)?.method === 'notifications/progress');
    await reader.drop();
    const rest = messages(await new SseReader(await session.get(first.id)).rest());
    expect(rest.map((m) => m.params?.progress ?? 'response')).toEqual([2, 3, 4, 5, 'response']);
  });

  it('refuses a Last-Event-ID that names no stream of this session with 400', async () => {
    const session = await RawSession.open(server.url);
    const other = await RawSession.open(server.url);
    const events = await new SseReader(await other.callTool(1, 'log_burst', { count: 1 })).rest();
    for (const id of [events[1].id as string, 'garbage', 'r1:99', 'g:5']) {
      const res = await session.get(id);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: { code: -32000, message: expect.stringMatching(/Last-Event-ID/) },
      });
    }
  });
});

describe('Streamable HTTP SSE: the bounded event store', () => {
  let small: SseApp;

  beforeAll(async () => {
    small = await startSseApp({ eventStoreMaxEvents: 5 });
  });

  afterAll(async () => {
    await small?.close();
  });

  it('evicts the oldest events: a resume from an evicted position gets what is left, after a comment', async () => {
    const session = await RawSession.open(small.url, '2025-11-25');
    const reader = new SseReader(await session.callTool(1, 'log_burst', { count: 10 }));
    const [priming] = await reader.until((e) => e.data === '');
    const everything = await reader.rest();
    expect(messages(everything)).toHaveLength(11);

    const rest = await new SseReader(await session.get(priming.id)).rest();
    expect(rest[0]).toEqual({ retry: 1_000 });
    expect(rest[1].comment).toMatch(/evicted/);
    const replayed = messages(rest);
    expect(replayed).toHaveLength(5);
    expect(replayed.slice(0, 4).map((m) => m.params.data.n)).toEqual([7, 8, 9, 10]);
    expect(replayed[4]).toMatchObject({ id: 1, result: { content: [{ text: 'logged 10' }] } });
  });

  it('forgets a finished stream once all its events are evicted: resuming it is a 400', async () => {
    const session = await RawSession.open(small.url, '2025-11-25');
    const first = await new SseReader(await session.callTool(1, 'log_burst', { count: 1 })).rest();
    await new SseReader(await session.callTool(2, 'log_burst', { count: 5 })).rest();
    const res = await session.get(first[1].id);
    expect(res.status).toBe(400);
    await res.text();
  });
});

describe('Streamable HTTP SSE: polling (SEP-1699)', () => {
  let polling: SseApp;

  beforeAll(async () => {
    polling = await startSseApp({ ssePollAfterMs: 100, sseRetryMs: 50 });
  });

  afterAll(async () => {
    await polling?.close();
  });

  it('closes a long call’s POST stream after priming; the client resumes with GET + Last-Event-ID and gets the result', async () => {
    const session = await RawSession.open(polling.url, '2025-11-25');
    const res = await session.callTool(1, 'sleep', { ms: 400 });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const events = await new SseReader(res).rest();
    // Only the priming event: the stream ended before the result.
    expect(events).toEqual([{ id: expect.stringMatching(/^r\d+:1$/), retry: 50, data: '' }]);

    const resumed = messages(await new SseReader(await session.get(events[0].id)).rest());
    expect(resumed).toEqual([
      expect.objectContaining({
        id: 1,
        result: expect.objectContaining({ content: [{ type: 'text', text: 'slept 400 ms' }] }),
      }),
    ]);
  });

  it('never closes early for clients older than 2025-11-25, nor for calls that finish in time', async () => {
    const older = await RawSession.open(polling.url, '2025-06-18');
    const res = await older.callTool(1, 'sleep', { ms: 250 });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({ id: 1, result: { content: [{ text: 'slept 250 ms' }] } });

    const modern = await RawSession.open(polling.url, '2025-11-25');
    const quick = await modern.callTool(2, 'sleep', { ms: 1 });
    expect(quick.headers.get('content-type')).toMatch(/^application\/json/);
    await quick.text();
  });
});

describe('Streamable HTTP SSE: backpressure', () => {
  let tight: SseApp;

  beforeAll(async () => {
    tight = await startSseApp({ eventStoreMaxBytes: 64 * 1024 });
  });

  afterAll(async () => {
    await tight?.close();
  });

  it('drops a GET stream whose client stops reading instead of buffering without bound', async () => {
    const session = await RawSession.open(tight.url, '2025-11-25');
    await session.post({ jsonrpc: '2.0', id: 1, method: 'resources/subscribe', params: { uri: WATCHED_URI } });
    const res = await session.get();
    expect(res.status).toBe(200);
    // Never read the body: the socket buffers fill, then the server's; past 64 KiB it lets go.
    const live = tight.sessions.use(session.id);
    let changes = 0;
    while (live?.streams.hasOpenConnection() && changes < 500_000) {
      for (let i = 0; i < 1_000; i++) tight.fixtures.change();
      changes += 1_000;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(live?.streams.hasOpenConnection()).toBe(false);
    expect(changes).toBeLessThan(500_000);
    await res.body?.cancel().catch(() => undefined);
    // The session lives on: a new GET stream works.
    const again = await session.get();
    expect(again.status).toBe(200);
    await again.body?.cancel();
  });
});
