import { PROGRESS_SETTLE_MS } from '../dispatch.constants';
import type { ClientContext } from '../interfaces/client-context.interface';
import type { ClientLog } from '../interfaces/client-log.interface';
import type { JsonRpcNotification } from '../interfaces/json-rpc.types';
import type { ProgressReporter } from '../interfaces/request-context.interface';
import type { SessionState } from '../interfaces/session-state.interface';
import { isValidId } from './json-rpc/json-rpc.codec';
import type { JsonRpcParams } from './json-rpc/json-rpc.message';
import { createClientLog, NO_CLIENT_LOG } from './logging/client-log';

const NO_PROGRESS: ProgressReporter = () => undefined;

/**
 * The notifications one request sends while it runs: progress (when it carried
 * `_meta.progressToken`) and log messages, on the request's own stream (`client.notify`). Closed
 * when the request ends, so nothing request-scoped follows the response.
 */
export class RequestOutbox {
  readonly progress: ProgressReporter;
  readonly log: ClientLog;
  /** Any notification on the request's stream, while the request runs. */
  readonly notify: (message: JsonRpcNotification) => void;
  private open = true;
  private lastProgressAt = Number.NEGATIVE_INFINITY;

  /** `logs`: false for a 2026-07-28 request without `_meta` log level (it MUST NOT get any). */
  constructor(params: JsonRpcParams, client: ClientContext, session: SessionState, logs = true) {
    const notify = client.notify;
    if (!notify) {
      this.progress = NO_PROGRESS;
      this.log = NO_CLIENT_LOG;
      this.notify = () => undefined;
      return;
    }
    const send = (message: JsonRpcNotification) => {
      if (this.open) notify(message);
    };
    this.notify = send;
    this.log = logs ? createClientLog(session, send) : NO_CLIENT_LOG;
    const token = (params._meta as Record<string, unknown> | undefined)?.progressToken;
    this.progress = isValidId(token) ? this.progressReporter(token, send) : NO_PROGRESS;
  }

  /**
   * Stops sending, then resolves once the last progress notification is `PROGRESS_SETTLE_MS` old,
   * so that it never shares a chunk with the response that follows.
   */
  async close(): Promise<void> {
    this.open = false;
    const wait = this.lastProgressAt + PROGRESS_SETTLE_MS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  /**
   * MCP requires `progress` to increase, so values that do not are dropped (an `execute` may run
   * several operations that each count from zero).
   */
  private progressReporter(token: string | number, send: (message: JsonRpcNotification) => void): ProgressReporter {
    let last = Number.NEGATIVE_INFINITY;
    return (progress, total, message) => {
      if (!this.open || !Number.isFinite(progress) || progress <= last) return;
      last = progress;
      this.lastProgressAt = performance.now();
      const body: Record<string, unknown> = { progressToken: token, progress };
      if (total !== undefined) body.total = total;
      if (message !== undefined) body.message = message;
      send({ jsonrpc: '2.0', method: 'notifications/progress', params: body });
    };
  }
}
