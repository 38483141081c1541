import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Redis from 'ioredis';
import { WebSocket, WebSocketServer } from 'ws';
import { type RedisServer, startRedisServer } from '../helpers/redis-server';
import { releaseAll } from '../helpers/releases';
import { type RoundRobinProxy, startRoundRobinProxy } from '../helpers/round-robin.proxy';

/** The scale-out suites stand on these two helpers: a real Redis they can take down, a balancer without stickiness. */
describe('scale-out test helpers', () => {
  describe('redis-server', () => {
    let redis: RedisServer;
    let client: Redis | undefined;
    beforeAll(async () => {
      redis = await startRedisServer();
    });
    afterEach(() => client?.disconnect());
    afterAll(() => redis.stop());

    it('answers on its URL, and restart() brings an empty one back on the same port', async () => {
      client = new Redis(redis.url, { maxRetriesPerRequest: 1, retryStrategy: () => 50 });
      await client.set('k', 'v');
      expect(await client.get('k')).toBe('v');
      expect(await client.config('GET', 'save')).toEqual(['save', '']);

      await redis.restart();
      expect(redis.running).toBe(true);
      // No persistence: an outage loses Redis's content, which the service must survive.
      expect(await client.get('k')).toBeNull();
    });

    it('kill() takes it down hard: commands fail until restart()', async () => {
      const connection = new Redis(redis.url, {
        maxRetriesPerRequest: 0,
        retryStrategy: () => 50,
        enableOfflineQueue: false,
      });
      client = connection;
      // It may be ready again before a listener is attached (reconnects every 50 ms): check, then wait.
      const ready = () =>
        connection.status === 'ready' ? Promise.resolve() : new Promise((resolve) => connection.once('ready', resolve));
      await ready();
      await redis.kill();
      expect(redis.running).toBe(false);
      await expect(connection.ping()).rejects.toThrow();
      await redis.restart();
      await ready();
      expect(await connection.ping()).toBe('PONG');
    });
  });

  describe('round-robin proxy', () => {
    const upstreams: Server[] = [];
    let sockets: WebSocketServer[] = [];
    let proxy: RoundRobinProxy;

    beforeAll(async () => {
      for (const name of ['a', 'b']) {
        const server = createServer((req, res) => {
          if (req.url === '/sse') {
            res.writeHead(200, { 'content-type': 'text/event-stream' });
            res.write(`data: ${name}-1\n\n`);
            setTimeout(() => res.end(`data: ${name}-2\n\n`), 100);
            return;
          }
          let body = '';
          req.on('data', (chunk) => {
            body += chunk;
          });
          req.on('end', () => res.end(`${name}:${req.method}:${body}`));
        });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        upstreams.push(server);
      }
      sockets = upstreams.map((server, i) => {
        const wss = new WebSocketServer({ server });
        wss.on('connection', (ws) => ws.on('message', (data) => ws.send(`${i}:${data}`)));
        return wss;
      });
      proxy = await startRoundRobinProxy(upstreams.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`));
    });
    afterAll(() =>
      releaseAll(
        () => proxy?.close(),
        ...sockets.map((wss) => () => wss.close()),
        ...upstreams.map((s) => () => new Promise((resolve) => s.close(resolve))),
      ),
    );

    it('sends consecutive requests to alternating upstreams, bodies through', async () => {
      const answers: string[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${proxy.origin}/x`, { method: 'POST', body: `n${i}` });
        answers.push(await res.text());
      }
      expect(answers.map((a) => a[0])).toEqual(['a', 'b', 'a', 'b']);
      expect(answers[2]).toBe('a:POST:n2');
    });

    it('streams an SSE response as it is written, not once it ends', async () => {
      // Buffered, the first chunk would hold both events (the second is written 100 ms later, with the end).
      const first = await new Promise<string>((resolve) => {
        get(`${proxy.origin}/sse`, (res) => {
          expect(res.headers['content-type']).toBe('text/event-stream');
          res.once('data', (chunk: Buffer) => resolve(chunk.toString()));
        });
      });
      expect(first).toMatch(/^data: [ab]-1\n\n$/);
    });

    it('tunnels WebSocket upgrades, round-robin too', async () => {
      const echoes: string[] = [];
      for (let i = 0; i < 2; i++) {
        const ws = new WebSocket(`${proxy.origin.replace('http', 'ws')}/mcp`);
        try {
          await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
          ws.send('hi');
          echoes.push(await new Promise<string>((resolve) => ws.once('message', (data) => resolve(String(data)))));
        } finally {
          ws.close();
        }
      }
      expect(echoes.sort()).toEqual(['0:hi', '1:hi']);
    });

    it('skips an upstream that refuses connections and answers 502 when none is left', async () => {
      const dead = createServer();
      await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
      const deadOrigin = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`;
      await new Promise((resolve) => dead.close(resolve));
      const live = `http://127.0.0.1:${(upstreams[0].address() as AddressInfo).port}`;

      const halfDead = await startRoundRobinProxy([deadOrigin, live]);
      const allDead = await startRoundRobinProxy([deadOrigin]).catch(async (error: unknown) => {
        await halfDead.close();
        throw error;
      });
      try {
        const texts = await Promise.all([1, 2, 3].map(() => fetch(halfDead.origin).then((r) => r.text())));
        expect(texts.every((t) => t.startsWith('a:'))).toBe(true);
        expect(halfDead.log.map((entry) => entry.upstream)).toEqual([1, 1, 1]);
        const res = await fetch(allDead.origin);
        expect(res.status).toBe(502);
        expect(await res.text()).toContain('ECONNREFUSED');
      } finally {
        await releaseAll(
          () => halfDead.close(),
          () => allDead.close(),
        );
      }
    });
  });
});
