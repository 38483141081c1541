import type { IncomingMessage, ServerResponse } from 'node:http';
import { ACCESS_PROFILES, type AccessProfiles } from '@myko/access';
import { ExecutionDecisionError, ExecutionDecisions, type ExecutionRecord, type OwnerFilters } from '@myko/dispatch';
import { ClientFilters } from '@myko/filter';
import { Controller, Get, Inject, Optional, Param, Post, Req, Res } from '@nestjs/common';
import { type FrameworkResponse, rawResponse } from '../common/raw-response';
import { GATEWAYS_OPTIONS } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { OperatorKey } from './operator-key';

/** Names the operator in the decision (`operator:<name>`), else `operator`. */
const OPERATOR_HEADER = 'x-myko-operator';
const MAX_OPERATOR_CHARS = 100;

/**
 * The admin API of durable executions, for an operator holding the configured `adminKey` (`Authorization:
 * Bearer <key>`; without one configured, 404 as if absent): `GET /admin/executions/<id>` reads one,
 * `POST …/approve` approves the call a paused one waits on and resumes it on this instance (answering with
 * the resumed run's result), `POST …/reject` ends it. Off the MCP path: no MCP framing, JSON in and out.
 */
@Controller('admin/executions')
export class ExecutionsAdminController {
  private readonly key?: OperatorKey;
  private readonly filtersOf: OwnerFilters;

  constructor(
    private readonly decisions: ExecutionDecisions,
    @Inject(GATEWAYS_OPTIONS) options: Pick<ResolvedGatewaysOptions, 'adminKey'>,
    @Optional() @Inject(ACCESS_PROFILES) profiles?: AccessProfiles,
  ) {
    if (options.adminKey) this.key = new OperatorKey(options.adminKey);
    // As its owner: their profile's filters (an unknown profile throws, refusing the resume).
    this.filtersOf = (owner) => (profiles ? profiles.filtersFor(owner.principal) : ClientFilters.ALLOW_ALL);
  }

  @Get(':id')
  async read(@Param('id') id: string, @Req() req: IncomingMessage, @Res() reply: FrameworkResponse): Promise<void> {
    await this.serve(req, reply, async () => {
      const record = await this.decisions.find(id);
      if (!record) throw new ExecutionDecisionError(`No execution ${id} (unknown, or expired).`, 404);
      return { execution: summary(record) };
    });
  }

  @Post(':id/approve')
  async approve(@Param('id') id: string, @Req() req: IncomingMessage, @Res() reply: FrameworkResponse): Promise<void> {
    await this.serve(req, reply, async () => {
      const { execution, result } = await this.decisions.approve(id, operatorOf(req), this.filtersOf);
      return { execution: summary(execution), result };
    });
  }

  @Post(':id/reject')
  async reject(@Param('id') id: string, @Req() req: IncomingMessage, @Res() reply: FrameworkResponse): Promise<void> {
    await this.serve(req, reply, async () => ({
      execution: summary(await this.decisions.reject(id, operatorOf(req))),
    }));
  }

  private async serve(req: IncomingMessage, reply: FrameworkResponse, answer: () => Promise<object>): Promise<void> {
    const res = rawResponse(reply);
    if (!this.key) return send(res, 404, { error: 'Not found' });
    if (!this.key.admits(req.headers)) return send(res, 401, { error: 'The admin API needs the operator key' });
    try {
      send(res, 200, await answer());
    } catch (error) {
      if (!(error instanceof ExecutionDecisionError)) throw error;
      send(res, error.status, { error: error.message });
    }
  }
}

/** The record without the script and the recorded results (an operator reads the digests). */
function summary(record: ExecutionRecord): Record<string, unknown> {
  const { script: _script, calls, ...rest } = record;
  return { ...rest, calls: calls.map(({ result: _result, ...call }) => call) };
}

function operatorOf(req: IncomingMessage): string {
  const named = req.headers[OPERATOR_HEADER];
  const name = typeof named === 'string' ? named.trim().slice(0, MAX_OPERATOR_CHARS) : '';
  return name === '' ? 'operator' : `operator:${name}`;
}

function send(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
}
