import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ClientAccess } from '@myko/access';
import { DispatchService, SUPPORTED_PROTOCOL_VERSIONS } from '@myko/dispatch';
import { Inject, Injectable } from '@nestjs/common';
import { McpHttpError } from '../errors';
import {
  GATEWAYS_OPTIONS,
  LAST_EVENT_ID_HEADER,
  MCP_PROTOCOL_VERSION_HEADER,
  MCP_SESSION_HEADER,
  TRANSPORT_ERROR,
} from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { ForeignStreamResumer } from './foreign-stream.resumer';
import { assertProtocolVersion, isResumable } from './mcp-http.negotiation';
import type { McpHttpSession } from './mcp-http-session.interface';
import { requestHeader } from './request-header.reader';
import { SessionRequestResolver } from './session-request.resolver';
import { STANDALONE_STREAM_ID } from './session-streams';
import { SseStream } from './sse.stream';

/**
 * A GET on a session: the standalone stream of session-level messages (one per session: a second one
 * → 409), or with `Last-Event-ID` the resume of any stream of the session, replaying what the client
 * missed — on Redis also a stream another instance sent.
 */
@Injectable()
export class SessionStreamHandler {
  constructor(
    private readonly dispatch: DispatchService,
    @Inject(GATEWAYS_OPTIONS) private readonly options: ResolvedGatewaysOptions,
    private readonly foreign: ForeignStreamResumer,
    private readonly sessionOf: SessionRequestResolver,
  ) {}

  /** After the endpoint's checks (sessions served, `Accept`, the caller's access). */
  async open(req: IncomingMessage, res: ServerResponse, access: ClientAccess): Promise<void> {
    const version = requestHeader(req, MCP_PROTOCOL_VERSION_HEADER);
    assertProtocolVersion(version, SUPPORTED_PROTOCOL_VERSIONS);
    const { session } = await this.sessionOf.require(req, access, false);
    const lastEventId = requestHeader(req, LAST_EVENT_ID_HEADER);
    const position = lastEventId === undefined ? undefined : session.streams.find(lastEventId);
    if (lastEventId !== undefined && !position && this.foreign.enabled) {
      return this.resumeForeign(session, lastEventId, res, version);
    }
    if (lastEventId !== undefined && !position) {
      throw new McpHttpError(
        400,
        TRANSPORT_ERROR,
        'Bad Request: Last-Event-ID names no stream of this session that can be resumed',
      );
    }
    const stream = position?.stream ?? session.streams.standalone;
    if (!position && stream.isConnected) {
      throw new McpHttpError(409, TRANSPORT_ERROR, 'Conflict: this session already has an open GET stream');
    }
    const connection = this.connection(res, { [MCP_SESSION_HEADER]: session.id });
    stream.attach(connection, {
      afterSeq: position?.seq,
      prime: isResumable(version),
      retryMs: this.options.sseRetryMs,
    });
    connection.onClose(() => {
      session.lastSeenAt = Date.now();
    });
    if (stream.id !== STANDALONE_STREAM_ID || !connection.isOpen) return;
    this.openChannel(session, connection);
  }

  /** The session's messages go on its standalone stream while `connection` carries it. */
  private openChannel(session: McpHttpSession, connection: SseStream): void {
    const stream = session.streams.standalone;
    const detach = this.dispatch.openChannel(session.id, (message) => stream.send(message));
    connection.onClose(detach);
  }

  /** On Redis: a `Last-Event-ID` of a stream another instance sent, resumed from the shared log. */
  private async resumeForeign(
    session: McpHttpSession,
    lastEventId: string,
    res: ServerResponse,
    version: string | undefined,
  ): Promise<void> {
    const connect = () => this.connection(res, { [MCP_SESSION_HEADER]: session.id });
    const resumed = await this.foreign.resume(session, lastEventId, connect, isResumable(version));
    resumed.connection.onClose(() => {
      session.lastSeenAt = Date.now();
    });
    if (resumed.standalone && resumed.connection.isOpen) this.openChannel(session, resumed.connection);
  }

  private connection(res: ServerResponse, headers: Record<string, string>): SseStream {
    const { sseKeepAliveMs, eventStoreMaxBytes } = this.options;
    return new SseStream(res, { keepAliveMs: sseKeepAliveMs, maxBufferedBytes: eventStoreMaxBytes, headers });
  }
}
