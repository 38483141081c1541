import type { AddressInfo } from 'node:net';
import { DispatchModule } from '@myko/dispatch';
import { GatewaysModule, type GatewaysModuleOptions, McpSessionRegistry, McpWsAdapter } from '@myko/gateways';
import { RegistryModule } from '@myko/registry';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { SseFixtures } from './sse-fixtures';

// biome-ignore lint/suspicious/noExplicitAny: specs read untyped JSON-RPC messages
export type Json = any;

/** Registry + dispatch + gateways with the SSE fixtures, over HTTP on 127.0.0.1 and a free port. */
export interface SseApp {
  app: INestApplication;
  url: string;
  fixtures: SseFixtures;
  sessions: McpSessionRegistry;
  close(): Promise<void>;
}

export async function startSseApp(gateways: GatewaysModuleOptions = {}): Promise<SseApp> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      RegistryModule,
      DispatchModule.forRoot({ clientRequestTimeoutMs: 10_000 }),
      GatewaysModule.forRoot(gateways),
    ],
    providers: [SseFixtures],
  }).compile();
  const app = moduleRef.createNestApplication({ bodyParser: false, forceCloseConnections: true, logger: ['error'] });
  app.useWebSocketAdapter(new McpWsAdapter(app));
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return {
    app,
    url: `http://127.0.0.1:${port}/mcp`,
    fixtures: app.get(SseFixtures),
    sessions: app.get(McpSessionRegistry),
    close: () => app.close(),
  };
}

/** One parsed SSE block: an event, a priming event, a bare `retry`, or a comment. */
export interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  comment?: string;
}

/** Parses SSE text by the WHATWG rules this server relies on (one `data` line per event). */
export function parseSse(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block !== '')
    .map((block) => {
      const event: SseEvent = {};
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        const field = line.slice(0, colon);
        const value = line.slice(colon + 1).replace(/^ /, '');
        if (field === '') event.comment = value;
        else if (field === 'retry') event.retry = Number(value);
        else if (field === 'id' || field === 'event' || field === 'data') event[field] = value;
      }
      return event;
    });
}

/** The JSON-RPC message an event carries (undefined for priming events, retries and comments). */
export function messageOf(event: SseEvent): Json {
  return event.data ? JSON.parse(event.data) : undefined;
}

/** Reads an SSE response block by block; `drop()` cancels the body (the connection goes away). */
export class SseReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';
  private readonly queue: SseEvent[] = [];
  private done = false;

  constructor(readonly response: Response) {
    if (!response.body) throw new Error(`no body (HTTP ${response.status})`);
    this.reader = response.body.getReader();
  }

  /** The next block, or undefined when the server ended the stream. */
  async next(): Promise<SseEvent | undefined> {
    while (this.queue.length === 0 && !this.done) {
      const { value, done } = await this.reader.read();
      if (done) this.done = true;
      else this.buffer += this.decoder.decode(value, { stream: true });
      const end = this.buffer.lastIndexOf('\n\n');
      if (end !== -1) {
        this.queue.push(...parseSse(this.buffer.slice(0, end + 2)));
        this.buffer = this.buffer.slice(end + 2);
      }
    }
    return this.queue.shift();
  }

  /** Blocks up to and including the first that matches. */
  async until(match: (event: SseEvent) => boolean): Promise<SseEvent[]> {
    const seen: SseEvent[] = [];
    for (let event = await this.next(); event; event = await this.next()) {
      seen.push(event);
      if (match(event)) return seen;
    }
    throw new Error(`stream ended first; saw ${JSON.stringify(seen)}`);
  }

  /** Every block until the server ends the stream. */
  async rest(): Promise<SseEvent[]> {
    const seen: SseEvent[] = [];
    for (let event = await this.next(); event; event = await this.next()) seen.push(event);
    return seen;
  }

  async drop(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }
}

/** A raw Streamable HTTP client of one session, speaking `version` in its MCP-Protocol-Version header. */
export class RawSession {
  private constructor(
    readonly url: string,
    readonly id: string,
    readonly version: string,
  ) {}

  static async open(url: string, version = '2025-11-25', capabilities: Json = {}): Promise<RawSession> {
    const init = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: version, capabilities, clientInfo: { name: 'raw-sse', version: '0' } },
      }),
    });
    const id = init.headers.get('mcp-session-id');
    if (init.status !== 200 || !id) throw new Error(`initialize failed: ${init.status} ${await init.text()}`);
    await init.text();
    const session = new RawSession(url, id, version);
    await (await session.post({ jsonrpc: '2.0', method: 'notifications/initialized' })).text();
    return session;
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { 'Mcp-Session-Id': this.id, 'MCP-Protocol-Version': this.version, ...extra };
  }

  post(body: Json, accept = 'application/json, text/event-stream'): Promise<Response> {
    return fetch(this.url, {
      method: 'POST',
      headers: this.headers({ 'Content-Type': 'application/json', Accept: accept }),
      body: JSON.stringify(body),
    });
  }

  callTool(id: Json, name: string, args: Json = {}, progressToken?: string): Promise<Response> {
    const params: Json = { name, arguments: args };
    if (progressToken) params._meta = { progressToken };
    return this.post({ jsonrpc: '2.0', id, method: 'tools/call', params });
  }

  /** GET: the standalone stream, or with `lastEventId` the resume of a stream. */
  get(lastEventId?: string): Promise<Response> {
    const extra: Record<string, string> = { Accept: 'text/event-stream' };
    if (lastEventId !== undefined) extra['Last-Event-ID'] = lastEventId;
    return fetch(this.url, { method: 'GET', headers: this.headers(extra) });
  }
}
