import type { ServerResponse } from 'node:http';

/** What `@Res()` injects: Express's response (a `ServerResponse`) or Fastify's reply (which wraps one). */
export type FrameworkResponse = ServerResponse | { raw: ServerResponse };

/** The Node response under a framework's reply, so a controller writes the same bytes on Express and Fastify. */
export function rawResponse(res: FrameworkResponse): ServerResponse {
  return 'raw' in res ? res.raw : res;
}
