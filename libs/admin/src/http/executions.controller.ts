import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Get, Inject, Optional, Param, Post, Query, Req, Res, type Type } from '@nestjs/common';
import { ADMIN_EXECUTIONS } from '../admin.constants';
import { AdminRequestError } from '../errors';
import type { AdminExecutionQuery, AdminExecutions, AdminRollbackOptions } from '../interfaces';
import { type AdminAnswer, AdminRequests } from './admin-requests';

/** Names the operator in a decision (`operator:<name>`), else `operator`; who held the admin key is audited. */
const OPERATOR_HEADER = 'x-myko-operator';
const MAX_OPERATOR_CHARS = 100;

/** The query-string filters of `GET executions`; any other parameter is refused (a typo would widen the listing). */
const LIST_FILTERS = ['state', 'principal', 'limit', 'cursor'];

/** The one query-string option of `POST executions/<id>/rollback`. */
const SKIP_UNCOMPENSATED = 'skipUncompensated';

/**
 * The operator door of durable executions under `path` (`/admin`): `GET executions` lists them (every principal's,
 * `?state=&principal=&limit=&cursor=`), `GET executions/<id>` reads one,
 * `POST executions/<id>/approve` approves the call a paused one waits on and resumes it on this instance
 * (answering with the resumed run's result), `POST executions/<id>/reject` ends it, and
 * `POST executions/<id>/rollback[?skipUncompensated=true]` runs the compensations of a stopped one's committed
 * commands, the latest first. Served through
 * `AdminRequests` like every admin route (admin key, JSON, one audit line).
 */
export function executionsController(path: string): Type {
  @Controller(`${path}/executions`)
  class ExecutionsController {
    constructor(
      private readonly requests: AdminRequests,
      @Optional() @Inject(ADMIN_EXECUTIONS) private readonly executions?: AdminExecutions,
    ) {}

    @Get()
    list(
      @Query() query: Record<string, unknown>,
      @Req() req: IncomingMessage,
      @Res() res: ServerResponse,
    ): Promise<void> {
      return this.requests.serve(req, res, 'executions.list', () => {
        const filters = listFilters(query);
        const target =
          typeof filters.principal === 'string' ? `principal:${filters.principal.slice(0, 64)}` : undefined;
        return this.answer(target, (on) => on.list(filters));
      });
    }

    @Get(':id')
    read(@Param('id') id: string, @Req() req: IncomingMessage, @Res() res: ServerResponse): Promise<void> {
      return this.requests.serve(req, res, 'executions.read', () =>
        this.answer(executionTarget(id), (on) => on.read(id)),
      );
    }

    @Post(':id/approve')
    approve(@Param('id') id: string, @Req() req: IncomingMessage, @Res() res: ServerResponse): Promise<void> {
      return this.requests.serve(req, res, 'executions.approve', () =>
        this.answer(executionTarget(id), (on) => on.approve(id, operatorOf(req))),
      );
    }

    @Post(':id/reject')
    reject(@Param('id') id: string, @Req() req: IncomingMessage, @Res() res: ServerResponse): Promise<void> {
      return this.requests.serve(req, res, 'executions.reject', () =>
        this.answer(executionTarget(id), (on) => on.reject(id, operatorOf(req))),
      );
    }

    @Post(':id/rollback')
    rollback(
      @Param('id') id: string,
      @Query() query: Record<string, unknown>,
      @Req() req: IncomingMessage,
      @Res() res: ServerResponse,
    ): Promise<void> {
      return this.requests.serve(req, res, 'executions.rollback', () => {
        const options = rollbackOptions(query);
        return this.answer(executionTarget(id), (on) => on.rollback(id, operatorOf(req), options));
      });
    }

    private async answer(
      target: string | undefined,
      act: (on: AdminExecutions) => Promise<object>,
    ): Promise<AdminAnswer> {
      if (!this.executions) throw new AdminRequestError(404, 'This service keeps no executions');
      const body = await act(this.executions);
      return target === undefined ? { body } : { body, target };
    }
  }
  return ExecutionsController;
}

const executionTarget = (id: string) => `execution:${id.slice(0, 64)}`;

function listFilters(query: Record<string, unknown>): AdminExecutionQuery {
  const unknown = Object.keys(query).filter((name) => !LIST_FILTERS.includes(name));
  if (unknown.length > 0) {
    throw new AdminRequestError(400, `Unknown filter ${unknown[0]}: use ${LIST_FILTERS.join(', ')}.`);
  }
  return query;
}

function rollbackOptions(query: Record<string, unknown>): AdminRollbackOptions {
  const unknown = Object.keys(query).filter((name) => name !== SKIP_UNCOMPENSATED);
  if (unknown.length > 0) throw new AdminRequestError(400, `Unknown option ${unknown[0]}: use ${SKIP_UNCOMPENSATED}.`);
  const skip = query[SKIP_UNCOMPENSATED];
  if (skip === undefined) return {};
  if (skip !== 'true' && skip !== 'false') {
    throw new AdminRequestError(400, `${SKIP_UNCOMPENSATED} must be true or false, got ${String(skip).slice(0, 40)}.`);
  }
  return { skipUncompensated: skip === 'true' };
}

function operatorOf(req: IncomingMessage): string {
  const named = req.headers[OPERATOR_HEADER];
  const name = typeof named === 'string' ? named.trim().slice(0, MAX_OPERATOR_CHARS) : '';
  return name === '' ? 'operator' : `operator:${name}`;
}
