/**
 * Judges one answer of the server. Protocol errors break the MCP contract (transport failure, HTTP status
 * other than 2xx, unparsable or mismatched JSON-RPC, a JSON-RPC `error`); tool errors are `isError: true`
 * results, which a hostile script is expected to get and an honest one never should.
 */

class ProtocolError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ProtocolError';
  }
}

/** The JSON-RPC response for `id` in an HTTP body: plain JSON, or the `data:` event of an SSE stream. */
function responseFromBody(contentType, body, id) {
  if (!String(contentType).startsWith('text/event-stream')) return JSON.parse(body);
  for (const line of body.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const message = JSON.parse(line.slice(5));
    if (message.id === id && ('result' in message || 'error' in message)) return message;
  }
  throw new ProtocolError(`no response for id ${id} in the SSE stream`);
}

/** The `result` of a response, or a ProtocolError. */
function resultOf(message, id) {
  if (message?.jsonrpc !== '2.0') throw new ProtocolError(`not JSON-RPC 2.0: ${preview(message)}`);
  if (message.id !== id) throw new ProtocolError(`answer id ${message.id} for request ${id}`);
  if (message.error) throw new ProtocolError(`JSON-RPC error ${message.error.code}: ${message.error.message}`);
  if (!message.result || typeof message.result !== 'object') throw new ProtocolError(`no result: ${preview(message)}`);
  return message.result;
}

/** The kind of a tool failure: the sandbox error's class (`SandboxTimeoutError`…), else its first words. */
function toolErrorKind(result) {
  return errorKindOf(result.content?.[0]?.text ?? '');
}

function errorKindOf(text) {
  return /\b([A-Z]\w*Error)\b/.exec(text)?.[1] ?? (text.split(/[:.\n]/, 1)[0].slice(0, 60) || 'isError');
}

const preview = (value) => JSON.stringify(value)?.slice(0, 200);

module.exports = { ProtocolError, errorKindOf, responseFromBody, resultOf, toolErrorKind };
