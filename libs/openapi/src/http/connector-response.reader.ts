import type { Dispatcher } from 'undici';
import { ResponseTooLargeError } from '../errors';

/** A response body read within the cap: the bytes as text, and whether it is JSON. */
export interface ReadBody {
  readonly text: string;
  readonly json: boolean;
}

const JSON_TYPE = /^application\/(.+\+)?json\b/i;

function header(headers: Dispatcher.ResponseData['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Reads a response body up to `limit` bytes. A declared `content-length` past it fails at once; a body
 * that grows past it while streaming is destroyed (the socket is not kept reading a large answer).
 * @throws ResponseTooLargeError
 */
export async function readBody(operation: string, response: Dispatcher.ResponseData, limit: number): Promise<ReadBody> {
  const declared = Number(header(response.headers, 'content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    response.body.destroy();
    throw new ResponseTooLargeError(operation, limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      response.body.destroy();
      throw new ResponseTooLargeError(operation, limit);
    }
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return { text, json: JSON_TYPE.test(header(response.headers, 'content-type') ?? '') };
}

/** The operation's result: parsed JSON (the backend's data, nothing more), the text, or null when empty. */
export function resultOf(body: ReadBody): unknown {
  if (body.text.length === 0) return null;
  if (!body.json) return body.text;
  try {
    return JSON.parse(body.text);
  } catch {
    return body.text;
  }
}

/** Discards a body not needed (a redirect, a response to retry), so its connection returns to the pool. */
export async function discardBody(response: Dispatcher.ResponseData): Promise<void> {
  try {
    await response.body.dump({ limit: 64 * 1024 });
  } catch {
    // A body that fails to drain only costs its connection.
  }
}
