import { ClientRequestError } from '@myko/mcp';
import { Inject, Injectable } from '@nestjs/common';
import { DISPATCH_OPTIONS, SERVER_REQUEST_ID_PREFIX } from '../../dispatch.constants';
import type { ResolvedDispatchOptions } from '../../interfaces/dispatch-options.interface';
import type { JsonRpcId } from '../../interfaces/json-rpc.types';
import type { RequestContext } from '../../interfaces/request-context.interface';
import { requestKey, SessionStore } from '../session/session.store';
import type { ClientResponse } from '../session/session-state.interface';

/**
 * Sends requests to the client (`sampling/createMessage`, `elicitation/create`) on the stream of the
 * request being handled, and routes the client's responses back by session and id. A pending
 * request is rejected, and the client told with `notifications/cancelled`, when the handled request
 * is cancelled or the timeout passes; ending the session rejects it too.
 */
@Injectable()
export class ClientRequestSender {
  private readonly timeoutMs: number;

  constructor(
    private readonly sessions: SessionStore,
    @Inject(DISPATCH_OPTIONS) options: Pick<ResolvedDispatchOptions, 'clientRequestTimeoutMs'>,
  ) {
    this.timeoutMs = options.clientRequestTimeoutMs;
  }

  /** @throws ClientRequestError when the transport cannot carry it, or on error, timeout, cancel or session end */
  send(request: RequestContext, method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    const notify = request.client.notify;
    if (!notify) {
      return Promise.reject(new ClientRequestError(method, 'the transport cannot carry a request to the client now'));
    }
    if (request.signal.aborted) return Promise.reject(new ClientRequestError(method, 'the request was cancelled'));
    const session = request.session;
    const id: JsonRpcId = `${SERVER_REQUEST_ID_PREFIX}${++session.serverRequestCount}`;
    const key = requestKey(id);
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      const cleanup = () => {
        clearTimeout(timer);
        request.signal.removeEventListener('abort', onAbort);
        session.pending.delete(key);
      };
      const giveUp = (reason: string) => {
        cleanup();
        notify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason } });
        reject(new ClientRequestError(method, reason));
      };
      const onAbort = () => giveUp('the request was cancelled');
      const timer = setTimeout(() => giveUp(`no answer within ${this.timeoutMs} ms`), this.timeoutMs);
      request.signal.addEventListener('abort', onAbort, { once: true });
      session.pending.set(key, {
        method,
        settle: ({ result, error }: ClientResponse) => {
          cleanup();
          if (error)
            reject(new ClientRequestError(method, `the client answered ${error.code} ${error.message}`, error.code));
          else resolve(result ?? {});
        },
        abort: (reason) => {
          cleanup();
          reject(new ClientRequestError(method, reason));
        },
      });
      notify({ jsonrpc: '2.0', id, method, params });
    });
  }

  /** Routes a response from the client; unknown ids (late, cancelled, foreign) are ignored. Returns whether it matched. */
  receive(sessionId: string, id: JsonRpcId | null, response: ClientResponse): boolean {
    if (id === null) return false;
    const pending = this.sessions.peek(sessionId)?.pending.get(requestKey(id));
    if (!pending) return false;
    pending.settle(response);
    return true;
  }
}
