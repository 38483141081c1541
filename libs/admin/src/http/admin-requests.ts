import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BearerTokenAuthenticator } from '@myko/access';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { ADMIN_AUDIT, ADMIN_OPTIONS, ADMIN_TOKENS } from '../admin.constants';
import { AdminRequestError } from '../errors';
import type { AdminAuditRecord, AdminAuditWriter, AdminModuleOptions } from '../interfaces';
import { AdminCredentials } from './admin-credential';

/** What an admin action answers, and what its audit line says it was about. */
export interface AdminAnswer {
  readonly body: unknown;
  readonly target?: string;
  readonly operation?: string;
}

type Outcome = Pick<AdminAuditRecord, 'outcome' | 'status' | 'reason' | 'target' | 'operation'>;

/** The audit outcome of a refused credential (503: the token's issuer could not be asked). */
const OUTCOMES = { 401: 'unauthorized', 403: 'forbidden', 503: 'failed' } as const;

/**
 * The frame of every admin request: the admin credential first (401 / 403 before anything is read),
 * then the action, a JSON answer, and one audit line with the admin principal, action and outcome.
 * New admin routes (executions, approvals) are served through {@link serve} the same way.
 */
@Injectable()
export class AdminRequests {
  private readonly logger = new Logger('AdminApi');
  private readonly credentials: AdminCredentials;

  constructor(
    @Inject(ADMIN_OPTIONS) options: AdminModuleOptions,
    @Optional() @Inject(ADMIN_AUDIT) private readonly audit?: AdminAuditWriter,
    @Optional() @Inject(ADMIN_TOKENS) tokens?: BearerTokenAuthenticator,
  ) {
    this.credentials = new AdminCredentials(options.keys, options.access, { tokens, scope: options.scope });
  }

  async serve(
    req: IncomingMessage,
    res: ServerResponse,
    action: string,
    run: (principal: string) => Promise<AdminAnswer>,
  ): Promise<void> {
    const started = Date.now();
    const credential = await this.credentials.check(req.headers.authorization);
    if (credential.status !== 'admin') {
      const { status, message, headers } = credential;
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      send(res, status, { error: message });
      return this.record(req, started, null, action, { outcome: OUTCOMES[status], status, reason: message });
    }
    const outcome = await this.answer(res, () => run(credential.principal));
    this.record(req, started, credential.principal, action, outcome);
  }

  private async answer(res: ServerResponse, run: () => Promise<AdminAnswer>): Promise<Outcome> {
    try {
      const { body, target, operation } = await run();
      send(res, 200, body);
      return { outcome: 'ok', status: 200, ...(target ? { target } : {}), ...(operation ? { operation } : {}) };
    } catch (error) {
      if (error instanceof AdminRequestError) {
        send(res, error.status, { error: error.message });
        return { outcome: 'invalid', status: error.status, reason: error.message };
      }
      this.logger.error(`Admin request failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
      send(res, 500, { error: 'Internal error (logged)' });
      return { outcome: 'failed', status: 500, reason: error instanceof Error ? error.name : 'unknown' };
    }
  }

  private record(req: IncomingMessage, started: number, principal: string | null, action: string, outcome: Outcome) {
    this.audit?.recordAdmin({
      time: new Date(started).toISOString(),
      kind: 'admin',
      principal,
      action,
      ...outcome,
      ...(req.socket.remoteAddress ? { address: req.socket.remoteAddress } : {}),
      durationMs: Date.now() - started,
    });
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(text);
}
