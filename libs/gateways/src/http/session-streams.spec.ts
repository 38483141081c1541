import { SseConnections } from './__fixtures__/sse-connection.fixture';
import { SessionStreams, STANDALONE_STREAM_ID } from './session-streams';

const connections = new SseConnections();

beforeAll(() => connections.start());
afterAll(() => connections.stop());

const msg = (n: number) => ({ jsonrpc: '2.0', method: 'notifications/message', params: { n } });
const event = (id: string, n: number) => `event: message\nid: ${id}\ndata: ${JSON.stringify(msg(n))}\n\n`;

describe('SessionStreams and ResumableStream', () => {
  it('numbers events <streamId>:<seq>, priming first for resumable clients', async () => {
    const streams = new SessionStreams({ maxEvents: 100, maxBytes: 100_000 });
    const stream = streams.openRequestStream();
    const other = streams.openRequestStream();
    expect([stream.id, other.id]).toEqual(['r1', 'r2']);
    const conn = await connections.open();
    stream.attach(conn.stream, { prime: true, retryMs: 700 });
    stream.send(msg(1));
    stream.end();
    expect(await conn.text()).toBe(`id: r1:1\nretry: 700\ndata: \n\n${event('r1:2', 1)}`);
    expect(stream.isEnded).toBe(true);
  });

  it('without priming (older clients) the first event is seq 1', async () => {
    const streams = new SessionStreams({ maxEvents: 100, maxBytes: 100_000 });
    const stream = streams.openRequestStream();
    const conn = await connections.open();
    stream.attach(conn.stream, { prime: false, retryMs: 700 });
    stream.send(msg(1));
    stream.end();
    expect(await conn.text()).toBe(event('r1:1', 1));
  });

  it('keeps sending into the store while disconnected; a resume replays the rest and the end', async () => {
    const streams = new SessionStreams({ maxEvents: 100, maxBytes: 100_000 });
    const stream = streams.openRequestStream();
    const first = await connections.open();
    stream.attach(first.stream, { prime: true, retryMs: 10 });
    stream.send(msg(1));
    stream.disconnect();
    expect(await first.text()).toBe(`id: r1:1\nretry: 10\ndata: \n\n${event('r1:2', 1)}`);
    stream.send(msg(2));
    stream.send(msg(3));
    stream.end();

    const position = streams.find('r1:2');
    expect(position).toEqual({ stream, seq: 2 });
    const second = await connections.open();
    position?.stream.attach(second.stream, { afterSeq: position.seq, prime: true, retryMs: 10 });
    expect(await second.text()).toBe(`retry: 10\n\n${event('r1:3', 2)}${event('r1:4', 3)}`);
  });

  it('a resume of a live stream replays, then carries the new messages; it replaces an older connection', async () => {
    const streams = new SessionStreams({ maxEvents: 100, maxBytes: 100_000 });
    const stream = streams.standalone;
    expect(stream.id).toBe(STANDALONE_STREAM_ID);
    const first = await connections.open();
    stream.attach(first.stream, { prime: false, retryMs: 10 });
    stream.send(msg(1));
    stream.send(msg(2));
    const second = await connections.open();
    stream.attach(second.stream, { afterSeq: 1, prime: false, retryMs: 10 });
    expect(first.stream.isOpen).toBe(false);
    stream.send(msg(3));
    expect(streams.hasOpenConnection()).toBe(true);
    streams.close();
    expect(await second.text()).toBe(event('g:2', 2) + event('g:3', 3));
    expect(streams.hasOpenConnection()).toBe(false);
  });

  it('refuses ids that are malformed, unknown or ahead of the stream', () => {
    const streams = new SessionStreams({ maxEvents: 100, maxBytes: 100_000 });
    const stream = streams.openRequestStream();
    stream.send(msg(1));
    expect(streams.find('r1:1')).toBeDefined();
    expect(streams.find('r1:0')).toBeDefined();
    for (const id of ['r1:2', 'r9:1', 'g:1', 'r1', 'r1:x', '', 'r1:1:1', '../r1:1']) {
      expect(streams.find(id)).toBeUndefined();
    }
  });

  it('forgets an ended stream once its events are evicted; a resume from an evicted id notes the gap', async () => {
    const streams = new SessionStreams({ maxEvents: 3, maxBytes: 100_000 });
    const done = streams.openRequestStream();
    done.send(msg(1));
    done.end();
    const live = streams.openRequestStream();
    for (let n = 1; n <= 4; n++) live.send(msg(n));
    expect(streams.find('r1:0')).toBeUndefined();
    const position = streams.find('r2:0');
    expect(position?.stream).toBe(live);
    const conn = await connections.open();
    live.attach(conn.stream, { afterSeq: 0, prime: false, retryMs: 10 });
    live.end();
    expect(await conn.text()).toBe(
      `: some events of this stream were evicted from the event store\n\n${event('r2:2', 2)}${event('r2:3', 3)}${event('r2:4', 4)}`,
    );
  });
});
