import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { ClientAccessResolver } from '@myko/access';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { HostOriginPolicy } from '../common/host-origin.policy';
import { requestPath } from '../common/request-path';
import { McpHttpError } from '../errors';
import { GATEWAYS_OPTIONS, SHUTDOWN_RETRY_AFTER_SECONDS, TRANSPORT_ERROR } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { DrainCoordinator } from '../lifecycle/drain.coordinator';
import { SHUTTING_DOWN_MESSAGE, SHUTTING_DOWN_REASON, writeShutdownRefusal } from '../lifecycle/shutdown-refusal';
import { clientIdOf } from '../limits/client-address';
import { ClientAddressResolver } from '../limits/client-address.resolver';
import { EdgeRefusals, reasonOfStatus } from '../limits/edge-refusals';
import { LimitExceededError } from '../limits/limit-exceeded.error';
import { writeHttpFailure } from './http-failure.writer';
import { McpHttpEndpoint } from './mcp-http.endpoint';
import { mcpMountMessage } from './mcp-mount.message';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

const ALLOWED_METHODS = 'GET, POST, DELETE';

/** The refusals of a client that go to the audit log: no credential, no access, over a limit, a server that cannot serve. */
const AUDITED_STATUSES: ReadonlySet<number> = new Set([401, 403, 429, 503]);

/**
 * Serves the MCP paths (`mcpPaths`: `/mcp` and `/myko/mcp` by default) straight from the HTTP server's `request` event, ahead of the
 * framework's router; every other path goes on to it (`/health`, a host app's own routes), unless
 * the server is draining (503). Why:
 * Express routing with Nest's guard/filter/param pipeline cost more CPU per MCP request than the
 * dispatch behind it (see README "Performance"), and this endpoint needs none of it: it reads its own
 * body, checks Host/Origin itself and answers its errors as JSON-RPC.
 * @publicApi
 */
@Injectable()
export class McpHttpRouter implements OnApplicationBootstrap {
  private readonly routedPaths: ReadonlySet<string>;
  private readonly logger = new Logger('MykoModule');
  private readonly mcpPaths: readonly string[];

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly endpoint: McpHttpEndpoint,
    private readonly policy: HostOriginPolicy,
    private readonly drain: DrainCoordinator,
    private readonly access: ClientAccessResolver,
    @Inject(GATEWAYS_OPTIONS) options: Pick<ResolvedGatewaysOptions, 'mcpPaths'>,
    private readonly refusals: EdgeRefusals,
    private readonly addresses: ClientAddressResolver,
  ) {
    this.mcpPaths = options.mcpPaths;
    this.routedPaths = new Set(options.mcpPaths.flatMap((path) => [path, `${path}/`]));
  }

  onApplicationBootstrap(): void {
    const server = this.adapterHost?.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server) return;
    this.install(server);
    this.logger.log(mcpMountMessage(this.mcpPaths));
  }

  /** Puts the MCP routes in front of the server's existing request listeners. */
  install(server: Server): void {
    const fallbacks = server.listeners('request') as RequestListener[];
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      // While the server drains, all but MCP POSTs get 503 (`/health` too, so a load balancer takes the
      // instance out); the endpoint still takes notifications and responses in-flight calls may await.
      const isMcp = this.routedPaths.has(requestPath(req.url));
      if (this.drain.isDraining && !(isMcp && req.method === 'POST')) this.refuseDraining(req, res, isMcp);
      else if (isMcp) this.route(req, res);
      else for (const listener of fallbacks) listener.call(server, req, res);
    });
  }

  /** 503 while the server drains; reported for the audit log on MCP's paths (the app's own routes are its own). */
  private refuseDraining(req: IncomingMessage, res: ServerResponse, isMcp: boolean): void {
    writeShutdownRefusal(res);
    if (!isMcp) return;
    this.refusals.report(() => ({
      at: Date.now(),
      door: 'http',
      status: 503,
      principal: clientIdOf(undefined, this.addresses.of(req)),
      reason: SHUTTING_DOWN_REASON,
      retryAfterMs: SHUTDOWN_RETRY_AFTER_SECONDS * 1000,
      detail: SHUTTING_DOWN_MESSAGE,
    }));
  }

  /** Answers one MCP request; never throws (a failure becomes its HTTP status and JSON-RPC error). */
  route(req: IncomingMessage, res: ServerResponse): void {
    // A bearer JWT is verified first (async: the JWKS may need fetching); API keys need no wait.
    const verifying = this.access.prepare(req.headers);
    if (verifying) verifying.then(() => this.routeVerified(req, res)).catch((error) => this.fail(req, res, error));
    else this.routeVerified(req, res);
  }

  private routeVerified(req: IncomingMessage, res: ServerResponse): void {
    try {
      const refusal = this.policy.refusal(req.headers.host, req.headers.origin);
      if (refusal) throw new McpHttpError(403, TRANSPORT_ERROR, `Forbidden: ${refusal}`);
      switch (req.method) {
        case 'POST':
          this.endpoint.post(req, res).catch((error: unknown) => this.fail(req, res, error));
          return;
        case 'GET':
          this.endpoint.openStream(req, res).catch((error: unknown) => this.fail(req, res, error));
          return;
        case 'DELETE':
          this.endpoint.endSession(req, res).catch((error: unknown) => this.fail(req, res, error));
          return;
        default:
          throw new McpHttpError(405, TRANSPORT_ERROR, `Method Not Allowed: ${req.method}`, {
            Allow: ALLOWED_METHODS,
          });
      }
    } catch (error) {
      this.fail(req, res, error);
    }
  }

  /** Answers a failure; a refusal of the client (401, 403, 429, 503) is also reported for the audit log. */
  private fail(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    writeHttpFailure(res, error);
    if (!(error instanceof McpHttpError) || !AUDITED_STATUSES.has(error.status)) return;
    this.refusals.report(() => {
      const limit = error instanceof LimitExceededError ? error : undefined;
      const subject = limit?.subject ?? { principal: clientIdOf(undefined, this.addresses.of(req)) };
      return {
        at: Date.now(),
        door: 'http',
        status: error.status,
        ...subject,
        reason:
          limit?.limit ??
          (error.status === 503 && this.drain.isDraining ? SHUTTING_DOWN_REASON : reasonOfStatus(error.status)),
        ...(limit ? { retryAfterMs: limit.retryAfterMs } : {}),
        detail: error.message,
      };
    });
  }
}
