import { SseConnections } from './__fixtures__/sse-connection.fixture';

const connections = new SseConnections();

beforeAll(() => connections.start());
afterAll(() => connections.stop());

describe('SseStream', () => {
  it('writes message events with ids, priming events with retry, and comments', async () => {
    const { stream, client, text } = await connections.open({ headers: { 'mcp-session-id': 's1' } });
    expect(client.headers['content-type']).toBe('text/event-stream');
    expect(client.headers['mcp-session-id']).toBe('s1');
    stream.prime('r1:1', 500);
    stream.event('r1:2', '{"jsonrpc":"2.0","id":1,"result":{}}');
    stream.prime('g:1');
    stream.retry(250);
    stream.comment('hello');
    stream.end();
    expect(stream.isOpen).toBe(false);
    expect(await text()).toBe(
      'id: r1:1\nretry: 500\ndata: \n\n' +
        'event: message\nid: r1:2\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n' +
        'id: g:1\ndata: \n\n' +
        'retry: 250\n\n' +
        ': hello\n\n',
    );
  });

  it('sends keep-alive comments while open', async () => {
    const { stream, text } = await connections.open({ keepAliveMs: 20 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    stream.end();
    expect((await text()).match(/: keepalive\n\n/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it('notices the client going away: closed, listeners told once, later writes dropped', async () => {
    const { stream, client } = await connections.open();
    const closed = jest.fn();
    stream.onClose(closed);
    client.destroy();
    await new Promise((resolve) => stream.onClose(() => resolve(undefined)));
    expect(stream.isOpen).toBe(false);
    stream.event('r1:1', '{}');
    stream.end();
    expect(closed).toHaveBeenCalledTimes(1);
    const late = jest.fn();
    stream.onClose(late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('drops a client that stops reading once more than maxBufferedBytes wait in memory', async () => {
    const maxBufferedBytes = 256 * 1024;
    const { stream, res } = await connections.open({ maxBufferedBytes });
    const chunk = JSON.stringify({ data: 'x'.repeat(64 * 1024) });
    let sent = 0;
    let backlog = 0;
    // The paused client fills the kernel's socket buffers first, then Node's; the cap is on Node's.
    while (stream.isOpen && sent < 2_000) {
      for (let i = 0; i < 4; i++) stream.event(`g:${++sent}`, chunk);
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      if (stream.isOpen) backlog = Math.max(backlog, res.writableLength);
    }
    expect(stream.isOpen).toBe(false);
    expect(res.destroyed).toBe(true);
    expect(sent).toBeLessThan(2_000);
    expect(backlog).toBeLessThanOrEqual(maxBufferedBytes);
  });

  it('keeps a client that reads, even through a burst larger than maxBufferedBytes', async () => {
    const { stream, text } = await connections.open({ maxBufferedBytes: 64 * 1024 });
    const received = text();
    const chunk = JSON.stringify({ data: 'y'.repeat(16 * 1024) });
    for (let i = 1; i <= 64; i++) stream.event(`r1:${i}`, chunk);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stream.isOpen).toBe(true);
    stream.end();
    expect((await received).match(/event: message/g)).toHaveLength(64);
  });
});
