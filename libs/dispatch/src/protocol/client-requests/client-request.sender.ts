import { ClientRequestError } from '@myko/mcp';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DISPATCH_OPTIONS } from '../../dispatch.constants';
import type { ResolvedDispatchOptions } from '../../interfaces/dispatch-options.interface';
import type { JsonRpcId } from '../../interfaces/json-rpc.types';
import type { RequestContext } from '../../interfaces/request-context.interface';
import type { ClientResponse } from '../../interfaces/session-state.interface';
import { ClusterChannel } from '../cluster/cluster.channel';
import { CLUSTER_KIND } from '../cluster/cluster-message';
import { isValidId } from '../json-rpc/json-rpc.codec';
import { requestKey, SessionStore } from '../session/session.store';
import { awaitingInstanceOf, serverRequestId } from './server-request-id';

/** At most one log line per this long about answers for instances that are gone. */
const LOST_ANSWER_LOG_EVERY_MS = 10_000;

/**
 * Sends requests to the client (`sampling/createMessage`, `elicitation/create`) on the stream of the
 * request being handled, and routes the client's responses back by session and id. A pending
 * request is rejected, and the client told with `notifications/cancelled`, when the handled request
 * is cancelled or the timeout passes; ending the session rejects it too. With several instances the
 * answer may reach another one: our request ids name the instance awaiting them, and the answer is
 * forwarded to it.
 */
@Injectable()
export class ClientRequestSender implements OnModuleInit {
  private readonly logger = new Logger('ClientRequests');
  private readonly timeoutMs: number;
  /** Our requests to clients from this instance (clustered ids: `myko-srv-<instance>.<count>`). */
  private sent = 0;
  private lastLostAnswerLogAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly sessions: SessionStore,
    @Inject(DISPATCH_OPTIONS) options: Pick<ResolvedDispatchOptions, 'clientRequestTimeoutMs'>,
    private readonly cluster: ClusterChannel,
  ) {
    this.timeoutMs = options.clientRequestTimeoutMs;
  }

  onModuleInit(): void {
    this.cluster.on(CLUSTER_KIND.answer, ([sessionId, id, result, error]) => {
      if (typeof sessionId !== 'string' || !isValidId(id)) return;
      this.settle(sessionId, id, {
        result: (result ?? undefined) as ClientResponse['result'],
        error: (error ?? undefined) as ClientResponse['error'],
      });
    });
  }

  /** @throws ClientRequestError when the transport cannot carry it, or on error, timeout, cancel or session end */
  send(request: RequestContext, method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    const notify = request.client.notify;
    if (!notify) {
      return Promise.reject(new ClientRequestError(method, 'the transport cannot carry a request to the client now'));
    }
    if (request.signal.aborted) return Promise.reject(new ClientRequestError(method, 'the request was cancelled'));
    const session = request.session;
    // Clustered, the count is this instance's: a session's state may be loaded afresh by each instance.
    const id = this.cluster.enabled
      ? serverRequestId(++this.sent, this.cluster.instanceId)
      : serverRequestId(++session.serverRequestCount);
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

  /**
   * Routes a response from the client to the request of ours it answers, here or on the instance
   * awaiting it; unknown ids (late, cancelled, foreign) are ignored. Returns whether it matched here.
   */
  receive(sessionId: string, id: JsonRpcId | null, response: ClientResponse): boolean {
    if (id === null) return false;
    if (this.settle(sessionId, id, response)) return true;
    const awaiting = this.cluster.enabled ? awaitingInstanceOf(id) : undefined;
    if (awaiting && awaiting !== this.cluster.instanceId) void this.forward(awaiting, sessionId, id, response);
    return false;
  }

  private settle(sessionId: string, id: JsonRpcId, response: ClientResponse): boolean {
    const pending = this.sessions.peek(sessionId)?.pending.get(requestKey(id));
    if (!pending) return false;
    pending.settle(response);
    return true;
  }

  /** An instance that is gone took its request with it: its client saw that request's stream break. */
  private async forward(instanceId: string, sessionId: string, id: JsonRpcId, response: ClientResponse) {
    const { result, error } = response;
    const heard = await this.cluster.toInstance(
      instanceId,
      CLUSTER_KIND.answer,
      sessionId,
      id,
      result ?? null,
      error ?? null,
    );
    // Once per window: a client can post answers naming any instance.
    const now = Date.now();
    if (heard || now - this.lastLostAnswerLogAt < LOST_ANSWER_LOG_EVERY_MS) return;
    this.lastLostAnswerLogAt = now;
    this.logger.warn(`The answer to ${id} is for instance ${instanceId}, which no longer listens`);
  }
}
