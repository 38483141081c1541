import type { IncomingMessage } from 'node:http';

/** A request header as one string (a repeated header joined as HTTP folds it), undefined when absent. */
export function requestHeader(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
