import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import {
  type ClientContext,
  DispatchService,
  failureResponse,
  JSON_RPC_ERROR_CODES,
  ServerShuttingDownError,
} from '@myko/dispatch';
import type { ClientFilters, FilterNarrowing } from '@myko/filter';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { oversizedMessageError } from '../common/oversized-message';
import { GATEWAYS_OPTIONS } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { DrainCoordinator } from '../lifecycle/drain.coordinator';
import { settleWithin } from '../lifecycle/settle-within';

/** Where and as whom `StdioTransport.serve()` talks. */
export interface StdioServeOptions {
  /** Filters for the whole process (an access profile's AND the `MYKO_MCP_TOOL_*` environment variables). */
  filters: ClientFilters;
  /**
   * What the `MYKO_MCP_TOOL_*` variables narrowed the profile with (`narrowingFromEnv`), as texts: kept on the
   * execution records of this client, so a run resumed elsewhere (an operator's approval on an HTTP instance)
   * has the access it had here.
   */
  narrowing?: FilterNarrowing;
  /** The access profile served as (`--profile-name` / `MYKO_PROFILE`), if any. */
  principal?: string;
  /** @default process.stdin */
  input?: Readable;
  /** Protocol messages only. @default process.stdout */
  output?: Writable;
  /** @default a random UUID */
  sessionId?: string;
}

/**
 * MCP stdio transport: newline-delimited JSON-RPC on stdin/stdout. Blank lines are skipped; requests
 * run concurrently and each response is written as soon as it is ready. Logs never touch the output.
 * @publicApi
 */
@Injectable()
export class StdioTransport {
  private readonly logger = new Logger(StdioTransport.name);

  constructor(
    private readonly dispatch: DispatchService,
    private readonly drain: DrainCoordinator,
    @Inject(GATEWAYS_OPTIONS)
    private readonly options: Pick<ResolvedGatewaysOptions, 'shutdownGraceMs' | 'maxMessageBytes'>,
  ) {}

  /**
   * Serves one client until the input ends, then waits for every in-flight request to be answered
   * (within `shutdownGraceMs`), ends the session and resolves once the output has taken the last byte.
   * While the server drains (SIGTERM), new requests are answered with a "server shutting down" error.
   */
  async serve(options: StdioServeOptions): Promise<void> {
    const { input = process.stdin, output = process.stdout, filters, principal, sessionId = randomUUID() } = options;
    const write = (message: unknown) => this.write(output, message);
    const narrowing = options.narrowing === undefined ? {} : { narrowing: options.narrowing };
    const client: ClientContext = { transport: 'stdio', sessionId, filters, ...narrowing, principal, notify: write };
    // Messages unrelated to a request (resource updates) go on the same stdout; ended with the session.
    this.dispatch.openChannel(sessionId, write);
    const inFlight = new Set<Promise<void>>();
    const onOutputError = (error: Error) => this.logger.error(`stdout failed: ${error.message}`);
    output.on('error', onOutputError);

    const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY, terminal: false });
    lines.on('line', (line) => {
      if (line.trim() === '') return;
      const task = this.answer(line, client, write).finally(() => inFlight.delete(task));
      inFlight.add(task);
    });
    await new Promise<void>((resolve) => lines.once('close', resolve));

    await this.finishInFlight(inFlight, sessionId);
    this.dispatch.endSession(sessionId);
    await new Promise<void>((resolve) => (output.writableEnded ? resolve() : output.write('', () => resolve())));
    output.off('error', onOutputError);
  }

  /**
   * The client closed stdin but may still read stdout: requests in flight are answered, within the
   * shutdown grace period; past it they are stopped and answered with a "server shutting down" error.
   */
  private async finishInFlight(inFlight: Set<Promise<void>>, sessionId: string): Promise<void> {
    const settled = () => Promise.allSettled([...inFlight]);
    if (await settleWithin(settled(), this.options.shutdownGraceMs)) return;
    const graceMs = this.options.shutdownGraceMs;
    this.dispatch.abortInFlight(
      new ServerShuttingDownError(`stdin closed: the request was stopped after the ${graceMs} ms grace period`),
      sessionId,
    );
    while (inFlight.size > 0) await settled();
  }

  private async answer(line: string, client: ClientContext, write: (message: unknown) => void): Promise<void> {
    const refusal = this.drain.refusalOf(line, 'stdio', client);
    if (refusal) return write(refusal);
    // The same limit as an HTTP body or a WebSocket message, answered the same way.
    const bytes = Buffer.byteLength(line);
    if (bytes > this.options.maxMessageBytes)
      return write(oversizedMessageError(line, bytes, this.options.maxMessageBytes));
    try {
      const response = await this.dispatch.handleText(line, client);
      if (response) write(response);
    } catch (error) {
      this.logger.error('Dispatch failed on a stdio message', error instanceof Error ? error.stack : error);
      write(failureResponse(null, { code: JSON_RPC_ERROR_CODES.INTERNAL_ERROR, message: 'Internal error' }));
    }
  }

  private write(output: Writable, message: unknown): void {
    if (!output.writableEnded && !output.destroyed) output.write(`${JSON.stringify(message)}\n`);
  }
}
