import type { ConnectorOperation } from '../interfaces/connector-operation.interface';
import { assertOnRoute, encodePathValue } from '../validation/route-arguments.guard';
import type { CredentialRedactor } from './credential.redactor';

/** The request an operation's validated arguments make: path and query, headers, JSON body. */
export interface ConnectorRequest {
  readonly method: string;
  /** Path and query, relative to the base URL's path: `/tickets/42?expand=comments`. */
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  /** Hides the credentials this request carries in what the backend answers. @default none hidden */
  readonly redact?: CredentialRedactor;
}

const scalar = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

function appendQuery(query: URLSearchParams, name: string, value: unknown, explode: boolean, deep: boolean): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    if (explode) for (const item of value) query.append(name, scalar(item));
    else query.append(name, value.map(scalar).join(','));
  } else if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (deep) query.append(`${name}[${key}]`, scalar(item));
      else if (explode) query.append(key, scalar(item)); // keys the schema declares (assertOnRoute)
    }
    if (!deep && !explode)
      query.append(
        name,
        Object.entries(value as object)
          .flat()
          .map(scalar)
          .join(','),
      );
  } else {
    query.append(name, scalar(value));
  }
}

/**
 * Fills the operation's path template, query, headers and body from validated arguments. Path values are
 * percent-encoded (a `/` in an id cannot reach another route) and may not be dot-segments; JSON bodies are
 * built from the `body` argument or from the body properties given.
 * @throws InvalidArgumentsError for arguments that would leave the route (`name` is the operation's)
 */
export function buildRequest(
  operation: ConnectorOperation,
  args: Record<string, unknown>,
  name = operation.id,
): ConnectorRequest {
  assertOnRoute(name, operation, args);
  const query = new URLSearchParams();
  const headers: Record<string, string> = { accept: 'application/json, text/plain;q=0.9, */*;q=0.1' };
  const properties: Record<string, unknown> = {};
  let body: unknown;
  let path = operation.path;
  for (const binding of operation.bindings) {
    const value = args[binding.arg];
    if (value === undefined) continue;
    if (binding.in === 'path') path = path.split(`{${binding.name}}`).join(encodePathValue(value));
    else if (binding.in === 'query')
      appendQuery(query, binding.name, value, binding.explode !== false, binding.deepObject === true);
    else if (binding.in === 'header')
      headers[binding.name.toLowerCase()] = Array.isArray(value) ? value.map(scalar).join(',') : scalar(value);
    else if (binding.in === 'body') body = value;
    else properties[binding.name] = value;
  }
  if (body === undefined && Object.keys(properties).length > 0) body = properties;
  const search = query.toString();
  const hasBody = body !== undefined && operation.bodyMediaType !== undefined;
  if (hasBody) headers['content-type'] = operation.bodyMediaType as string;
  return {
    method: operation.method,
    path: search ? `${path}?${search}` : path,
    headers,
    ...(hasBody ? { body: JSON.stringify(body) } : {}),
  };
}
