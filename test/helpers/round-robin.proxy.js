// The load balancer of the scale-out suites, the conformance runner's scale-out mode and the bench (plain
// CommonJS so all three share it; types in round-robin.proxy.d.ts).
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
    void readBody(req).then((body) => forward(route, req, res, body, pick(), targets.length));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (req, socket, head) => {
    sockets.add(socket);
    tunnel(route, req, socket, head, pick(), targets.length);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    mcpUrl: new URL(`${origin}/mcp`),
    log,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function forward(route, req, res, body, index, triesLeft) {
  const target = route.targets[index];
  const entry = { method: req.method, url: req.url, message: rpcMethod(body), upstream: index, status: 0 };
  const upstream = request({
    host: target.hostname,
    port: target.port,
    method: req.method,
    path: req.url,
    headers: forwardedHeaders(req.headers, req.socket.remoteAddress),
  });
  upstream.on('response', (answer) => {
    entry.status = answer.statusCode;
    route.log.push(entry);
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
      return forward(route, req, res, body, (index + 1) % route.targets.length, triesLeft - 1);
    }
    route.log.push({ ...entry, upstream: -1, status: 502 });
    res.writeHead(502, { 'content-type': 'text/plain' }).end(`bad gateway: ${error.code ?? error.message}`);
  });
  // The client went away (e.g. closed its SSE stream): so does the upstream request.
  res.once('close', () => upstream.destroy());
  upstream.end(body);
}

function tunnel(route, req, client, head, index, triesLeft) {
  const target = route.targets[index];
  const entry = { method: req.method, url: req.url, upstream: index, status: 101 };
  const upstream = connect(Number(target.port), target.hostname);
  upstream.once('connect', () => {
    route.log.push(entry);
    upstream.write(requestHead(req));
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client).pipe(upstream);
  });
  upstream.once('error', (error) => {
    if (upstream.bytesWritten > 0) return void client.destroy();
    if (error.code === 'ECONNREFUSED' && triesLeft > 1) {
      return tunnel(route, req, client, head, (index + 1) % route.targets.length, triesLeft - 1);
    }
    route.log.push({ ...entry, upstream: -1, status: 502 });
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

module.exports = { startRoundRobinProxy };
