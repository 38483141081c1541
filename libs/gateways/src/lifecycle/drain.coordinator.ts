import type { Server, ServerResponse } from 'node:http';
import {
  type ClientContext,
  DispatchService,
  type JsonRpcFailure,
  SERVER_SHUTTING_DOWN,
  ServerShuttingDownError,
} from '@myko/dispatch';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { WebSocket } from 'ws';
import { McpHttpError } from '../errors';
import { GATEWAYS_OPTIONS, WS_GOING_AWAY } from '../gateways.constants';
import { McpSessionRegistry } from '../http/mcp-session.registry';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { EdgeRefusals } from '../limits/edge-refusals';
import { nextMacrotask, settleWithin } from './settle-within';
import {
  drainRefusalOf,
  SHUTDOWN_REFUSAL_HEADERS,
  SHUTTING_DOWN_MESSAGE,
  shutdownRefusalOfText,
} from './shutdown-refusal';

/** After the last answer, how long sockets get to close by themselves before Nest destroys the rest. */
const CONNECTION_CLOSE_WAIT_MS = 2_000;
/** How long requests stopped at the deadline get to hand over their error answers. */
const STOPPED_ANSWER_WAIT_MS = 1_000;
const GOING_AWAY_REASON = 'Server shutting down';

/**
 * Graceful shutdown of every transport, run by Nest's `beforeApplicationShutdown` (a signal or
 * `app.close()`), before resources are released in `onApplicationShutdown`:
 * 1. stop listening; from now on new requests are refused (HTTP 503, a JSON-RPC error on WebSocket
 *    and stdio) while notifications and responses still pass, and responses ask for `Connection: close`;
 * 2. let in-flight requests finish within `shutdownGraceMs`, then stop the rest, each answered with a
 *    "server shutting down" error;
 * 3. once those answers are written: close WebSockets with 1001, end SSE streams and the HTTP sessions,
 *    and give connections a moment to close cleanly.
 * @publicApi
 */
@Injectable()
export class DrainCoordinator implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Shutdown');
  private draining = false;
  private drained?: Promise<void>;
  private readonly sockets = new Set<WebSocket>();

  constructor(
    private readonly dispatch: DispatchService,
    private readonly sessions: McpSessionRegistry,
    @Inject(GATEWAYS_OPTIONS) private readonly options: Pick<ResolvedGatewaysOptions, 'shutdownGraceMs'>,
    private readonly refusals: EdgeRefusals,
    @Optional() private readonly adapterHost?: HttpAdapterHost,
  ) {}

  /** True from the start of a shutdown: new requests are refused. */
  get isDraining(): boolean {
    return this.draining;
  }

  /** WebSocket: takes a new connection in, or closes it with 1001 when the server is draining. */
  admitSocket(socket: WebSocket): boolean {
    if (this.draining) {
      socket.close(WS_GOING_AWAY, GOING_AWAY_REASON);
      return false;
    }
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    return true;
  }

  /**
   * HTTP: a response about to be written while the server drains asks its client not to reuse the
   * connection. Called at answer time rather than tracking every response from its start: a 'close'
   * listener per request cost ~10 % of a cheap call's CPU.
   */
  markResponse(res: ServerResponse): void {
    if (this.draining) closeConnectionAfter(res);
  }

  /** HTTP: refuses a request (503, `Retry-After`, `Connection: close`) once the drain has begun. */
  assertAcceptingRequests(): void {
    if (!this.draining) return;
    throw new McpHttpError(503, SERVER_SHUTTING_DOWN, SHUTTING_DOWN_MESSAGE, SHUTDOWN_REFUSAL_HEADERS);
  }

  /**
   * WebSocket and stdio: the error answer to a text message that is a request, once the drain has begun; reported
   * as an edge refusal of `client` (the audit log listens until it closes, after the drain).
   */
  refusalOf(text: string, door: 'ws' | 'stdio', client: ClientContext): JsonRpcFailure | undefined {
    if (!this.draining) return undefined;
    const refusal = shutdownRefusalOfText(text);
    if (refusal) this.refusals.report(() => drainRefusalOf(text, door, client));
    return refusal;
  }

  async beforeApplicationShutdown(signal?: string): Promise<void> {
    await this.drain(signal);
  }

  /** Runs the drain once; later calls wait for the same one. */
  drain(signal?: string): Promise<void> {
    this.drained ??= this.run(signal);
    return this.drained;
  }

  private async run(signal?: string): Promise<void> {
    this.draining = true;
    const server = this.adapterHost?.httpAdapter?.getHttpServer() as Server | undefined;
    const serverClosed = server ? stopListening(server) : Promise.resolve();
    await this.finishInFlight(signal);
    // The answers were handed to the transports a few microtasks ago; let them reach the sockets first.
    await nextMacrotask();
    for (const socket of this.sockets) socket.close(WS_GOING_AWAY, GOING_AWAY_REASON);
    this.sessions.endAll('shutdown');
    server?.closeIdleConnections();
    if (!(await settleWithin(serverClosed, CONNECTION_CLOSE_WAIT_MS))) {
      this.logger.warn(`Connections still open ${CONNECTION_CLOSE_WAIT_MS} ms after the last answer; closing them`);
    }
  }

  private async finishInFlight(signal?: string): Promise<void> {
    const graceMs = this.options.shutdownGraceMs;
    const count = this.dispatch.inFlightCount;
    this.logger.log(
      `Shutting down${signal ? ` on ${signal}` : ''}: new requests refused, ${count} in flight (grace ${graceMs} ms)`,
    );
    if (await settleWithin(this.dispatch.whenIdle(), graceMs)) return;
    const stopped = this.dispatch.abortInFlight(
      new ServerShuttingDownError(
        `Server shutting down: the request was stopped at the end of the ${graceMs} ms shutdown grace period`,
      ),
    );
    this.logger.warn(`Shutdown grace period (${graceMs} ms) over: stopped ${stopped} request(s)`);
    await settleWithin(this.dispatch.whenIdle(), STOPPED_ANSWER_WAIT_MS);
  }
}

/** Stops accepting connections; resolves once every connection has closed. */
function stopListening(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A response not yet begun will carry `Connection: close`, so its connection ends after it. */
function closeConnectionAfter(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
}
