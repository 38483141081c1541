import type { IncomingMessage } from 'node:http';
import { MAX_ADMIN_BODY_BYTES } from '../admin.constants';
import { AdminRequestError } from '../errors';
import type { ExplainQuestion } from '../interfaces';

/** A request as Express or another framework may have left it: a body parser may have read it already. */
type AdminRequest = IncomingMessage & { body?: unknown };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON body of a POST, read here (the service runs without a global body parser), at most 64 KiB. */
export async function readJsonBody(req: AdminRequest): Promise<Record<string, unknown>> {
  if (req.readableEnded) return isPlainObject(req.body) ? req.body : {};
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_ADMIN_BODY_BYTES) throw new AdminRequestError(413, `The body exceeds ${MAX_ADMIN_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AdminRequestError(400, 'The body must be a JSON object');
  }
  if (!isPlainObject(value)) throw new AdminRequestError(400, 'The body must be a JSON object');
  return value;
}

/** The query string's parameters; `args` and `claims` are JSON text. */
export function queryOf(req: IncomingMessage): Record<string, unknown> {
  const params = new URL(req.url ?? '/', 'http://admin.invalid').searchParams;
  const query: Record<string, unknown> = {};
  for (const [name, value] of params) query[name] = value;
  for (const field of ['args', 'claims'] as const) {
    if (typeof query[field] !== 'string') continue;
    try {
      query[field] = JSON.parse(query[field]);
    } catch {
      throw new AdminRequestError(400, `\`${field}\` must be JSON text of an object`);
    }
  }
  return query;
}

function optionalString(input: Record<string, unknown>, field: string): string | undefined {
  const value = input[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new AdminRequestError(400, `\`${field}\` must be a string`);
  return value;
}

/**
 * An explain question from a body or query. A key is taken from a POST body only: a query string ends
 * up in access logs.
 */
export function explainQuestionOf(input: Record<string, unknown>, from: 'body' | 'query'): ExplainQuestion {
  const known = ['key', 'profile', 'claims', 'operation', 'args'];
  const unknown = Object.keys(input).filter((field) => !known.includes(field));
  if (unknown.length > 0) throw new AdminRequestError(400, `Unknown field ${unknown[0]} (known: ${known.join(', ')})`);
  if (from === 'query' && input.key !== undefined) {
    throw new AdminRequestError(400, 'Send a key in a POST body, never in a URL (URLs end up in logs)');
  }
  const key = optionalString(input, 'key');
  const profile = optionalString(input, 'profile');
  const operation = optionalString(input, 'operation');
  if (input.claims !== undefined && !isPlainObject(input.claims)) {
    throw new AdminRequestError(400, '`claims` must be a JSON object of token claims');
  }
  return {
    ...(input.claims === undefined ? {} : { claims: input.claims as Record<string, unknown> }),
    ...(key === undefined ? {} : { key }),
    ...(profile === undefined ? {} : { profile }),
    ...(operation === undefined ? {} : { operation }),
    ...(input.args === undefined ? {} : { args: input.args }),
  };
}
