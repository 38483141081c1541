import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect, type Socket } from 'node:net';

/** One request the proxy forwarded: which upstream (index into `upstreams`) answered it. */
export interface ProxiedRequest {
  method: string;
  url: string;
  /** Index of the upstream that took it; -1 when none could be reached (502). */
  upstream: number;
  /** Response status; 101 for a WebSocket upgrade, 502 when no upstream answered. */
  status: number;
}

/**
 * A per-request round-robin HTTP proxy in front of N upstreams, the load balancer of the scale-out tests:
 * no stickiness (consecutive requests of one MCP session go to different instances), responses streamed
 * through unbuffered (SSE), WebSocket upgrades tunnelled to an upstream. Like nginx's
 * `proxy_next_upstream error`, a request whose upstream refuses the connection (a dead instance) is sent to
 * the next one: nothing reached the dead one, so the retry cannot run anything twice.
 */
export interface RoundRobinProxy {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `http://127.0.0.1:<port>/mcp` */
  mcpUrl: URL;
  /** Every request forwarded so far, in arrival order. */
  readonly log: ProxiedRequest[];
  close(): Promise<void>;
}

/** Upstream origins, e.g. `http://127.0.0.1:4001`. */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const targets = upstreams.map((origin) => new URL(origin));
  const log: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();
  let next = 0;
  const pick = () => {
    const index = next;
    next = (next + 1) % targets.length;
    return index;
  };

  const server = createServer((req, res) => {
    void readBody(req).then((body) => forward(req, res, body, pick(), targets.length, log, targets));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (req, socket: Socket, head) => {
    sockets.add(socket);
    tunnel(req, socket, head, pick(), targets.length, log, targets);
  });
  const origin = await listen(server);
  return {
    origin,
    mcpUrl: new URL(`${origin}/mcp`),
    log,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function forward(
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  index: number,
  triesLeft: number,
  log: ProxiedRequest[],
  targets: URL[],
): void {
  const target = targets[index];
  const entry: ProxiedRequest = { method: req.method ?? 'GET', url: req.url ?? '/', upstream: index, status: 0 };
  const upstream = request({
    host: target.hostname,
    port: target.port,
    method: req.method,
    path: req.url,
    headers: forwardedHeaders(req.headers, req.socket.remoteAddress),
  });
  upstream.on('response', (answer) => {
    entry.status = answer.statusCode ?? 0;
    log.push(entry);
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, withoutHopByHop(answer.headers));
    res.flushHeaders();
    answer.pipe(res);
    // An instance killed mid-stream: the client sees its stream end, as behind a real balancer.
    answer.once('aborted', () => res.destroy());
    answer.once('error', () => res.destroy());
  });
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    if (res.headersSent) return void res.destroy();
    if (error.code === 'ECONNREFUSED' && triesLeft > 1) {
      return forward(req, res, body, (index + 1) % targets.length, triesLeft - 1, log, targets);
    }
    log.push({ ...entry, upstream: -1, status: 502 });
    res.writeHead(502, { 'content-type': 'text/plain' }).end(`bad gateway: ${error.code ?? error.message}`);
  });
  // The client went away (e.g. closed its SSE stream): close the upstream request too.
  res.once('close', () => upstream.destroy());
  upstream.end(body);
}

function tunnel(
  req: IncomingMessage,
  client: Socket,
  head: Buffer,
  index: number,
  triesLeft: number,
  log: ProxiedRequest[],
  targets: URL[],
): void {
  const target = targets[index];
  const upstream = connect(Number(target.port), target.hostname);
  upstream.once('connect', () => {
    log.push({ method: req.method ?? 'GET', url: req.url ?? '/', upstream: index, status: 101 });
    upstream.write(requestHead(req));
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client).pipe(upstream);
  });
  upstream.once('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ECONNREFUSED' && triesLeft > 1 && !upstream.bytesWritten) {
      return tunnel(req, client, head, (index + 1) % targets.length, triesLeft - 1, log, targets);
    }
    if (!upstream.bytesWritten) {
      log.push({ method: req.method ?? 'GET', url: req.url ?? '/', upstream: -1, status: 502 });
      client.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    } else client.destroy();
  });
  upstream.once('close', () => client.destroy());
  client.once('error', () => upstream.destroy());
  client.once('close', () => upstream.destroy());
}

/** Hop-by-hop headers stay on this hop (Node frames each hop itself). */
function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { connection: _connection, 'keep-alive': _keepAlive, 'transfer-encoding': _te, ...rest } = headers;
  return rest;
}

/** The client address goes on as X-Forwarded-For, as a balancer adds it. */
function forwardedHeaders(headers: IncomingHttpHeaders, remote: string | undefined): IncomingHttpHeaders {
  const rest = withoutHopByHop(headers);
  const forwardedFor = [rest['x-forwarded-for'], remote].filter(Boolean).join(', ');
  return { ...rest, 'x-forwarded-for': forwardedFor };
}

/** The upgrade request line and headers, as received (the body of an upgrade is the `head` buffer). */
function requestHead(req: IncomingMessage): string {
  const lines = [`${req.method} ${req.url} HTTP/1.1`];
  for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', () => resolve(Buffer.concat(chunks)));
  });
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve(`http://127.0.0.1:${port}`);
    });
  });
}
