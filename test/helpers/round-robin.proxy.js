// The load balancer of the scale-out suites, the conformance runner's scale-out mode and the bench (plain
// CommonJS so all three share it; types in round-robin.proxy.d.ts).
const { fork } = require('node:child_process');
const { createServer, request } = require('node:http');
const { connect } = require('node:net');

/**
 * A per-request round-robin HTTP proxy in front of `upstreams` (origins such as `http://127.0.0.1:4001`): no
 * stickiness, responses streamed through unbuffered (SSE), WebSocket upgrades tunnelled. Like nginx's
 * `proxy_next_upstream error`, a request whose upstream refuses the connection (a dead instance) goes to the
 * next one: nothing reached the dead one, so the retry cannot run anything twice.
 * @param {string[]} upstreams
 * @returns {Promise<import('./round-robin.proxy').RoundRobinProxy>}
 */
async function startRoundRobinProxy(upstreams) {
  const targets = upstreams.map((origin) => new URL(origin));
  const log = [];
  const sockets = new Set();
  let next = 0;
  const pick = () => {
    const index = next;
    next = (next + 1) % targets.length;
    return index;
  };
  const route = { targets, log };

  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const entry = { method: req.method, url: req.url, message: rpcMethod(body), upstream: pick(), status: 0 };
      log.push(entry);
      forward(route, entry, req, res, body, targets.length);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (req, socket, head) => {
    sockets.add(socket);
    const entry = { method: req.method, url: req.url, upstream: pick(), status: 0 };
    log.push(entry);
    tunnel(route, entry, req, socket, head, targets.length);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    mcpUrl: new URL(`${origin}/mcp`),
    log,
    get next() {
      return next;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function forward(route, entry, req, res, body, triesLeft) {
  const target = route.targets[entry.upstream];
  const upstream = request({
    host: target.hostname,
    port: target.port,
    method: req.method,
    path: req.url,
    headers: forwardedHeaders(req.headers, req.socket.remoteAddress),
  });
  upstream.on('response', (answer) => {
    entry.status = answer.statusCode;
    res.writeHead(answer.statusCode, answer.statusMessage, withoutHopByHop(answer.headers));
    res.flushHeaders();
    answer.pipe(res);
    // An instance killed mid-stream: the client sees its stream cut, as behind a real balancer.
    answer.once('aborted', () => res.destroy());
    answer.once('error', () => res.destroy());
  });
  upstream.on('error', (error) => {
    if (res.headersSent) return void res.destroy();
    if (error.code === 'ECONNREFUSED' && triesLeft > 1) {
      entry.upstream = (entry.upstream + 1) % route.targets.length;
      return forward(route, entry, req, res, body, triesLeft - 1);
    }
    Object.assign(entry, { upstream: -1, status: 502 });
    res.writeHead(502, { 'content-type': 'text/plain' }).end(`bad gateway: ${error.code ?? error.message}`);
  });
  // The client went away (e.g. closed its SSE stream): so does the upstream request.
  res.once('close', () => upstream.destroy());
  upstream.end(body);
}

function tunnel(route, entry, req, client, head, triesLeft) {
  const target = route.targets[entry.upstream];
  const upstream = connect(Number(target.port), target.hostname);
  upstream.once('connect', () => {
    entry.status = 101;
    upstream.write(requestHead(req));
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client).pipe(upstream);
  });
  upstream.once('error', (error) => {
    if (upstream.bytesWritten > 0) return void client.destroy();
    if (error.code === 'ECONNREFUSED' && triesLeft > 1) {
      entry.upstream = (entry.upstream + 1) % route.targets.length;
      return tunnel(route, entry, req, client, head, triesLeft - 1);
    }
    Object.assign(entry, { upstream: -1, status: 502 });
    client.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
  });
  upstream.once('close', () => client.destroy());
  client.once('error', () => upstream.destroy());
  client.once('close', () => upstream.destroy());
}

/** Hop-by-hop headers stay on their hop (Node frames each hop itself). */
function withoutHopByHop(headers) {
  const { connection: _connection, 'keep-alive': _keepAlive, 'transfer-encoding': _te, ...rest } = headers;
  return rest;
}

/** The client address goes on as X-Forwarded-For, as a balancer adds it. */
function forwardedHeaders(headers, remote) {
  const rest = withoutHopByHop(headers);
  return { ...rest, 'x-forwarded-for': [rest['x-forwarded-for'], remote].filter(Boolean).join(', ') };
}

/** What a JSON-RPC body is, for the log: its method, `response` for a client's answer, else undefined. */
function rpcMethod(body) {
  if (body.length === 0 || body.length > 65_536) return undefined;
  try {
    const message = JSON.parse(body.toString());
    const first = Array.isArray(message) ? message[0] : message;
    if (typeof first?.method === 'string') return first.method;
    return first && ('result' in first || 'error' in first) ? 'response' : undefined;
  } catch {
    return undefined;
  }
}

/** The upgrade request line and headers, as received (what follows them is the `head` buffer). */
function requestHead(req) {
  const lines = [`${req.method} ${req.url} HTTP/1.1`];
  for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', () => resolve(Buffer.concat(chunks)));
  });
}

/**
 * The same proxy in a child process of its own: for a caller that blocks its event loop (the conformance
 * runner's `spawnSync`) or shares it with a load generator (the bench).
 * @param {string[]} upstreams
 * @returns {Promise<{ origin: string, mcpUrl: URL, close(): Promise<void> }>}
 */
function forkRoundRobinProxy(upstreams) {
  const child = fork(__filename, upstreams, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`round-robin proxy exited with ${code}`)));
    child.once('message', ({ origin }) => {
      const close = () => new Promise((done) => child.once('exit', done).kill('SIGTERM'));
      resolve({ origin, mcpUrl: new URL(`${origin}/mcp`), close });
    });
  });
}

if (require.main === module) {
  void startRoundRobinProxy(process.argv.slice(2)).then((proxy) => {
    process.send({ origin: proxy.origin });
    process.once('SIGTERM', () => void proxy.close().then(() => process.exit(0)));
  });
}

module.exports = { forkRoundRobinProxy, startRoundRobinProxy };
