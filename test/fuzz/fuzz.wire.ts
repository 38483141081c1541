import { request as httpRequest } from 'node:http';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { assertWellFormed } from './fuzz.oracle';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One raw HTTP exchange (no client-side validation of the body), failing after `timeoutMs`. */
export function rawHttp(
  url: URL,
  options: { method: string; path: string; headers: Record<string, string>; chunks: Buffer[] },
  timeoutMs = 10_000,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method: options.method, path: options.path, headers: options.headers },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => parts.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    for (const chunk of options.chunks) req.write(chunk);
    req.end();
  });
}

/** Every `data:` payload of an SSE body. */
export function sseData(body: string): string[] {
  return body
    .split(/\r?\n\r?\n/)
    .map((event) =>
      event
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n'),
    )
    .filter((data) => data !== '');
}

/**
 * Checks a message the server sent on the wire: a response (well-formed, with `id` one of `ids`) or a
 * notification / server request (`jsonrpc` "2.0" and a string method).
 */
export function assertServerMessage(
  text: string,
  ids: (string | number | null)[],
  input: string,
  execute = false,
): void {
  let message: Record<string, unknown>;
  try {
    message = JSON.parse(text);
  } catch {
    throw new Error(`server sent invalid JSON: ${text.slice(0, 300)}`);
  }
  if (message !== null && typeof message === 'object' && typeof message.method === 'string') {
    if (message.jsonrpc !== '2.0') throw new Error(`malformed server message: ${text}`);
    return;
  }
  const id = message?.id as string | number | null;
  if (!ids.some((candidate) => candidate === id)) {
    throw new Error(`answer id ${JSON.stringify(id)} not among ${JSON.stringify(ids)}: ${text.slice(0, 300)}`);
  }
  assertWellFormed(message, id, input, execute);
}

/** `startTestServer()` logging errors only: the fuzzer's invalid frames would print a warning each. */
export function startFuzzServer(): Promise<TestServer> {
  return startTestServer({}, ['error']);
}
