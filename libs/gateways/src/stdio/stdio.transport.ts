import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { type ClientContext, DispatchService, JSON_RPC_ERROR_CODES } from '@myko/dispatch';
import type { ClientFilters } from '@myko/filter';
import { Injectable, Logger } from '@nestjs/common';
import { transportError } from '../common/json-rpc-error';

/** Where and as whom `StdioTransport.serve()` talks. */
export interface StdioServeOptions {
  /** Filters for the whole process (an access profile's AND the `MYKO_MCP_TOOL_*` environment variables). */
  filters: ClientFilters;
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

  constructor(private readonly dispatch: DispatchService) {}

  /**
   * Serves one client until the input ends, then waits for every in-flight request to be answered,
   * ends the session and resolves once the output has taken the last byte.
   */
  async serve(options: StdioServeOptions): Promise<void> {
    const { input = process.stdin, output = process.stdout, filters, principal, sessionId = randomUUID() } = options;
    const write = (message: unknown) => this.write(output, message);
    const client: ClientContext = { transport: 'stdio', sessionId, filters, principal, notify: write };
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

    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    this.dispatch.endSession(sessionId);
    await new Promise<void>((resolve) => (output.writableEnded ? resolve() : output.write('', () => resolve())));
    output.off('error', onOutputError);
  }

  private async answer(line: string, client: ClientContext, write: (message: unknown) => void): Promise<void> {
    try {
      const response = await this.dispatch.handleText(line, client);
      if (response) write(response);
    } catch (error) {
      this.logger.error('Dispatch failed on a stdio message', error instanceof Error ? error.stack : error);
      write(transportError(JSON_RPC_ERROR_CODES.INTERNAL_ERROR, 'Internal error'));
    }
  }

  private write(output: Writable, message: unknown): void {
    if (!output.writableEnded && !output.destroyed) output.write(`${JSON.stringify(message)}\n`);
  }
}
