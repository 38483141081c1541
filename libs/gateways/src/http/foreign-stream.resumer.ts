import { failureResponse, SERVER_SHUTTING_DOWN } from '@myko/dispatch';
import type { SseLogReplay } from '@myko/state';
import { Inject, Injectable } from '@nestjs/common';
import { McpHttpError } from '../errors';
import { GATEWAYS_OPTIONS, TRANSPORT_ERROR } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import type { McpHttpSession } from './mcp-http-session.interface';
import { parseEventId, STANDALONE_STREAM_ID } from './session-streams';
import { SharedSseStreams } from './shared-sse.streams';
import type { SseStream } from './sse.stream';

/** How often a resumed request stream looks for what its instance sent since, and how often whether it lives. */
const TAIL_EVERY_MS = 100;
const LIVENESS_EVERY_MS = 1_000;

/**
 * Resumes here, from the shared log (Redis), a stream that another instance sent: the client's
 * `Last-Event-ID` names a position this instance never held. The standalone GET stream is taken
 * over (replay, then this instance holds it); a request stream is replayed and then followed until
 * its response is logged — or, if the instance running the request is gone, answered with an error.
 */
@Injectable()
export class ForeignStreamResumer {
  constructor(
    private readonly shared: SharedSseStreams,
    @Inject(GATEWAYS_OPTIONS) private readonly options: Pick<ResolvedGatewaysOptions, 'sseRetryMs'>,
  ) {}

  get enabled(): boolean {
    return this.shared.enabled;
  }

  /**
   * The connection (from `connect`) now carries the stream; for the standalone stream `standalone` is
   * true and the session's channel should open. A stream the log does not know is a 400, as here.
   * @param prime the client speaks 2025-11-25 or later: the connection starts with `retry`
   */
  async resume(
    session: McpHttpSession,
    lastEventId: string,
    connect: () => SseStream,
    prime: boolean,
  ): Promise<{ connection: SseStream; standalone: boolean }> {
    const position = parseEventId(lastEventId);
    const replay = position && (await this.shared.read(session.id, position.streamId, position.seq));
    const standalone = position?.streamId === STANDALONE_STREAM_ID;
    if (!position || !replay || (!standalone && !replay.exists)) {
      throw new McpHttpError(
        400,
        TRANSPORT_ERROR,
        'Bad Request: Last-Event-ID names no stream of this session that can be resumed',
      );
    }
    const retryMs = this.options.sseRetryMs;
    const connection = connect();
    if (prime) connection.retry(retryMs);
    const lastSeq = this.replay(connection, position.streamId, replay, position.seq);
    if (standalone) {
      const stream = session.streams.standalone;
      stream.continueAfter(lastSeq);
      stream.attach(connection, { afterSeq: stream.lastSeq, prime: false, retryMs });
      return { connection, standalone: true };
    }
    if (replay.ended) connection.end();
    else void this.follow(session.id, position.streamId, lastSeq, connection, replay.head);
    return { connection, standalone: false };
  }

  private replay(connection: SseStream, streamId: string, replay: SseLogReplay, afterSeq: number): number {
    if (replay.gap) connection.comment('some events of this stream were evicted from the event store');
    let last = afterSeq;
    for (const event of replay.events) {
      connection.event(`${streamId}:${event.seq}`, event.data);
      last = event.seq;
    }
    return last;
  }

  /** Polls the log while the client listens, until the response is logged or its instance is gone. */
  private async follow(
    sessionId: string,
    streamId: string,
    afterSeq: number,
    connection: SseStream,
    head: SseLogReplay['head'],
  ): Promise<void> {
    let last = afterSeq;
    let checkedAt = Date.now();
    while (connection.isOpen) {
      await new Promise((resolve) => setTimeout(resolve, TAIL_EVERY_MS));
      if (!connection.isOpen) return;
      const replay = await this.shared.read(sessionId, streamId, last).catch(() => undefined);
      if (!replay) continue; // Redis is away: keep the client waiting, it comes back or the client gives up.
      last = this.replay(connection, streamId, replay, last);
      if (replay.ended) return connection.end();
      if (head && Date.now() - checkedAt >= LIVENESS_EVERY_MS) {
        checkedAt = Date.now();
        if (!(await this.shared.isAlive(head.instanceId).catch(() => true)))
          return this.lost(connection, streamId, last, head);
      }
    }
  }

  /** The request's instance died: its answer will never come, so the client gets an error, not a hang. */
  private lost(connection: SseStream, streamId: string, last: number, head: NonNullable<SseLogReplay['head']>): void {
    const message = 'The instance running this request stopped before answering; the request may be retried';
    const failure = failureResponse(head.requestId, { code: SERVER_SHUTTING_DOWN, message, data: { retryable: true } });
    connection.event(`${streamId}:${last + 1}`, JSON.stringify(failure));
    connection.end();
  }
}
