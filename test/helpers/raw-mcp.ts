import { once } from 'node:events';
import { WebSocket } from 'ws';

/** Plain HTTP/WebSocket MCP calls for edge tests that look at statuses, headers and raw frames. */
export const PROTOCOL_VERSION = '2025-06-18';
export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'edge', version: '0' } },
};

/** A bare `initialize` under `key`: its status, `Retry-After` and JSON-RPC body (a refused one is read as it is). */
export async function keyedInitialize(url: URL, key: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      Authorization: `Bearer ${key}`,
    },
    body: JSON.stringify(INITIALIZE),
  });
  const body = (await res.json()) as { error?: { code: number; message: string; data?: Record<string, unknown> } };
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
}

/** `execute` of a busy loop of `ms`: a request that holds its in-flight place that long. */
export function busyExecute(id: number, ms = 300): Record<string, unknown> {
  const code = `const t = Date.now(); while (Date.now() - t < ${ms}) {} return 'done';`;
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'execute', arguments: { code } } };
}

export interface RawReply {
  status: number;
  headers: Headers;
  body: { id?: unknown; result?: unknown; error?: { code: number; message: string; data?: Record<string, unknown> } };
}

export async function postMcp(url: URL, message: unknown, sessionId?: string): Promise<RawReply> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': PROTOCOL_VERSION,
      ...(sessionId ? { 'Mcp-Session-Id': sessionId } : {}),
    },
    body: JSON.stringify(message),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : {} };
}

/** initialize + notifications/initialized; the session id. */
export async function openSession(url: URL): Promise<string> {
  const reply = await postMcp(url, INITIALIZE);
  const id = reply.headers.get('mcp-session-id');
  if (reply.status !== 200 || !id) throw new Error(`initialize failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  await postMcp(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, id);
  return id;
}

/** DELETE of a session; the HTTP status. */
export async function endSession(url: URL, sessionId: string): Promise<number> {
  const res = await fetch(url, {
    method: 'DELETE',
    headers: { 'Mcp-Session-Id': sessionId, 'MCP-Protocol-Version': PROTOCOL_VERSION },
  });
  return res.status;
}

/** A raw `ws` connection with the `mcp` subprotocol, open. */
export async function openWs(url: URL): Promise<WebSocket> {
  const socket = new WebSocket(url, 'mcp');
  await once(socket, 'open');
  return socket;
}

/** The handshake refusal of a WebSocket the server would not upgrade. */
export function refusedWs(url: URL): Promise<{ status: number; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, 'mcp');
    socket.on('open', () => reject(new Error('the handshake was accepted')));
    socket.on('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined });
      res.resume();
      socket.terminate();
    });
    socket.on('error', () => undefined);
  });
}

/** Sends requests on a socket and collects the answers by id. */
export function wsCalls(socket: WebSocket, messages: Array<Record<string, unknown>>): Promise<RawReply['body'][]> {
  const pending = new Map(messages.map((m) => [m.id, m]));
  const answers = new Map<unknown, RawReply['body']>();
  return new Promise((resolve) => {
    const onMessage = (data: Buffer) => {
      const answer = JSON.parse(data.toString()) as RawReply['body'];
      if (!pending.has(answer.id)) return;
      answers.set(answer.id, answer);
      if (answers.size < pending.size) return;
      socket.off('message', onMessage);
      resolve(messages.map((m) => answers.get(m.id) as RawReply['body']));
    };
    socket.on('message', onMessage);
    for (const message of messages) socket.send(JSON.stringify(message));
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it is true or `timeoutMs` passes; whether it became true. */
export async function eventually(check: () => boolean, timeoutMs: number, everyMs = 20): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (check()) return true;
    await sleep(everyMs);
  }
  return check();
}
