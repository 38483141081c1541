/** Official MCP SDK clients, as real hosts use them. */
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');

/**
 * The transport passes one long-lived AbortSignal to every fetch, and undici drops its listener on
 * that signal only when the Request is garbage-collected: thousands of quick requests trip Node's
 * MaxListenersExceededWarning on the client side. A per-request signal that follows the shared one
 * (`AbortSignal.any` holds no listener on its source) keeps the same abort behaviour without that.
 */
const fetchWithOwnSignal = (url, init = {}) =>
  fetch(url, init.signal ? { ...init, signal: AbortSignal.any([init.signal]) } : init);

/** A connected (initialize + initialized) SDK client over Streamable HTTP. */
async function connectHttpClient(url) {
  const client = new Client({ name: 'myko-bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { fetch: fetchWithOwnSignal }));
  return client;
}

/** `tools/call` that must succeed; returns the first text block. */
async function callText(client, name, args) {
  const result = await client.callTool({ name, arguments: args });
  const text = result.content?.[0]?.text ?? '';
  if (result.isError) throw new Error(`${name} failed: ${text}`);
  return text;
}

module.exports = { callText, connectHttpClient };
