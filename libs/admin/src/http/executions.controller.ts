import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Get, Inject, Optional, Param, Post, Req, Res, type Type } from '@nestjs/common';
import { ADMIN_EXECUTIONS } from '../admin.constants';
import { AdminRequestError } from '../errors';
import type { AdminExecutions } from '../interfaces';
import { type AdminAnswer, AdminRequests } from './admin-requests';

/** Names the operator in a decision (`operator:<name>`), else `operator`; who held the admin key is audited. */
const OPERATOR_HEADER = 'x-myko-operator';
const MAX_OPERATOR_CHARS = 100;

/**
 * The operator door of durable executions under `path` (`/admin`): `GET executions/<id>` reads one,
 * `POST executions/<id>/approve` approves the call a paused one waits on and resumes it on this instance
 * (answering with the resumed run's result), `POST executions/<id>/reject` ends it. Served through
 * `AdminRequests` like every admin route (admin key, JSON, one audit line).
 */
export function executionsController(path: string): Type {
  @Controller(`${path}/executions`)
  class ExecutionsController {
    constructor(
      private readonly requests: AdminRequests,
      @Optional() @Inject(ADMIN_EXECUTIONS) private readonly executions?: AdminExecutions,
    ) {}

    @Get(':id')
    read(@Param('id') id: string, @Req() req: IncomingMessage, @Res() res: ServerResponse): Promise<void> {
      return this.requests.serve(req, res, 'executions.read', () => this.decide(id, (on) => on.read(id)));
    }

    @Post(':id/approve')
    approve(@Param('id') id: string, @Req() req: IncomingMessage, @Res() res: ServerResponse): Promise<void> {
      return this.requests.serve(req, res, 'executions.approve', () =>
        this.decide(id, (on) => on.approve(id, operatorOf(req))),
      );
    }

    @Post(':id/reject')
    reject(@Param('id') id: string, @Req() req: IncomingMessage, @Res() res: ServerResponse): Promise<void> {
      return this.requests.serve(req, res, 'executions.reject', () =>
        this.decide(id, (on) => on.reject(id, operatorOf(req))),
      );
    }

    private async decide(id: string, act: (on: AdminExecutions) => Promise<object>): Promise<AdminAnswer> {
      if (!this.executions) throw new AdminRequestError(404, 'This service keeps no executions');
      return { body: await act(this.executions), target: `execution:${id.slice(0, 64)}` };
    }
  }
  return ExecutionsController;
}

function operatorOf(req: IncomingMessage): string {
  const named = req.headers[OPERATOR_HEADER];
  const name = typeof named === 'string' ? named.trim().slice(0, MAX_OPERATOR_CHARS) : '';
  return name === '' ? 'operator' : `operator:${name}`;
}
