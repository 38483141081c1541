import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import type { RoundRobinProxy } from './round-robin.proxy';

/** An official SDK client over Streamable HTTP, connected through the proxy (initialize done). */
export async function proxiedClient(proxy: RoundRobinProxy, capabilities: ClientCapabilities = {}): Promise<Client> {
  const client = new Client({ name: 'myko-e2e-scale-out', version: '1.0.0' }, { capabilities });
  await client.connect(new StreamableHTTPClientTransport(proxy.mcpUrl));
  return client;
}

/** `execute` of `code`; its JSON result, or an Error with the tool's message. */
export async function execute(client: Client, code: string, options: Parameters<Client['callTool']>[2] = {}) {
  const result = await client.callTool({ name: 'execute', arguments: { code } }, undefined, options);
  const text = (result.content as Array<{ text: string }>).map((block) => block.text).join('\n');
  if (result.isError) throw new Error(`execute failed: ${text}`);
  return JSON.parse(text);
}

/** Polls until `check` holds; false after `ms`. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}

/** The proxy's log from `from` on, for requests of one JSON-RPC method. */
export function routed(proxy: RoundRobinProxy, message: string, from = 0) {
  return proxy.log.slice(from).filter((entry) => entry.message === message);
}

/**
 * A `fetch` for one client that sends each request to the next of `servers` in turn (no proxy, no affinity);
 * `onHit` hears which one took each request.
 */
export function alternatingFetch(servers: readonly { host: string }[], onHit?: (index: number) => void): typeof fetch {
  let turn = 0;
  return (input, init) => {
    const index = turn++ % servers.length;
    onHit?.(index);
    const url = new URL(String(input instanceof Request ? input.url : input));
    url.host = servers[index].host;
    return fetch(url, init);
  };
}
