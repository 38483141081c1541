import type { IncomingHttpHeaders } from 'node:http';

/** The W3C trace-context headers of a request (`traceparent`, `tracestate`), when it has a `traceparent`. */
export function traceContextOf(headers: IncomingHttpHeaders): Record<string, string> | undefined {
  const { traceparent, tracestate } = headers;
  if (typeof traceparent !== 'string') return undefined;
  return typeof tracestate === 'string' ? { traceparent, tracestate } : { traceparent };
}
