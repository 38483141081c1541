/** What the server must do with one parsed message: answer it (with this id) or stay silent. */
export type Expected = { kind: 'answer'; id: string | number | null } | { kind: 'silent' };

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** MCP ids are strings or integers. */
function isValidId(id: unknown): id is string | number {
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));
}

/**
 * JSON-RPC 2.0 + MCP: a request is answered with its id; an invalid message with its id when one can be
 * read, else null; notifications and responses (however malformed) are never answered.
 */
export function expectedOutcome(message: unknown): Expected {
  if (!isObject(message)) return { kind: 'answer', id: null };
  if (!('method' in message) && ('result' in message || 'error' in message)) return { kind: 'silent' };
  const hasId = 'id' in message;
  const readableId = hasId && isValidId(message.id) ? message.id : null;
  if (message.jsonrpc !== '2.0' || typeof message.method !== 'string') return { kind: 'answer', id: readableId };
  if (!hasId) return { kind: 'silent' };
  return { kind: 'answer', id: readableId };
}

// Host detail that must never reach a client: stack frames, file paths, raw runtime messages.
const LEAKS: RegExp[] = [
  /^\s*at \S.*:\d+:\d+\)?$/m,
  /\/(?:work|home|usr|tmp|opt|root|app)\/\S+/,
  /node_modules/,
  /\.(?:ts|js|mjs|cjs):\d+/,
  /TypeError: Cannot read/,
  /Cannot read propert/,
  /is not a function/,
  /Maximum call stack/,
];

// The execute tool reports the model's own script errors (a TypeError in its code is its business), so
// its results are only checked for host paths and host stack frames.
const HOST_LEAKS: RegExp[] = [LEAKS[1], LEAKS[2], LEAKS[3]];

export function findLeak(text: string, patterns: RegExp[] = LEAKS): string | undefined {
  return patterns.find((pattern) => pattern.test(text))?.source;
}

/**
 * Throws unless `response` is one well-formed JSON-RPC response with `id` and leaks nothing. `input` is
 * the text that was sent, so echoes of the fuzzer's own junk are not blamed on the server.
 */
export function assertWellFormed(response: unknown, id: string | number | null, input = '', fromExecute = false): void {
  const text = JSON.stringify(response);
  if (!isObject(response)) throw new Error(`not an object: ${text}`);
  const extra = Object.keys(response).filter((key) => !['jsonrpc', 'id', 'result', 'error'].includes(key));
  if (extra.length > 0) throw new Error(`unexpected members ${extra}: ${text}`);
  if (response.jsonrpc !== '2.0') throw new Error(`jsonrpc is not "2.0": ${text}`);
  if (response.id !== id && !(Number.isNaN(response.id) && Number.isNaN(id))) {
    throw new Error(`id ${JSON.stringify(response.id)} does not match ${JSON.stringify(id)}: ${text}`);
  }
  if ('result' in response === 'error' in response) throw new Error(`not exactly one of result/error: ${text}`);
  if ('result' in response) {
    if (!isObject(response.result)) throw new Error(`result is not an object: ${text}`);
    if (response.result.isError === true) assertNoLeak(text, input, fromExecute ? HOST_LEAKS : LEAKS);
    return;
  }
  const error = response.error;
  if (!isObject(error)) throw new Error(`error is not an object: ${text}`);
  if (!Number.isInteger(error.code)) throw new Error(`error code is not an integer: ${text}`);
  if (typeof error.message !== 'string' || error.message === '') throw new Error(`error message: ${text}`);
  assertNoLeak(JSON.stringify(error), input, LEAKS);
}

function assertNoLeak(text: string, input: string, patterns: RegExp[]): void {
  const leak = findLeak(text, patterns);
  if (leak && !findLeak(input, [new RegExp(leak, 'm')])) throw new Error(`leaks /${leak}/: ${text}`);
}

/** The answer to `ping` is exactly an empty result. */
export function assertPong(response: unknown, id: string | number): void {
  const text = JSON.stringify(response);
  if (text !== JSON.stringify({ jsonrpc: '2.0', id, result: {} })) throw new Error(`ping answered ${text}`);
}
