import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Get, Inject, Optional, Req, Res, type Type } from '@nestjs/common';
import { ADMIN_AUDIT_LOG, ADMIN_LIVE } from '../admin.constants';
import { AdminRequestError } from '../errors';
import type { AdminAudit, AdminLive } from '../interfaces';
import { AdminRequests } from './admin-requests';
import { auditQueryOf } from './audit-query.input';

/**
 * What is happening and what happened, under `path` (`/admin`): `GET live` (this instance's principals, their
 * sessions, connections, runs, lanes, quotas and cooldowns) and `GET audit` (the recent audit lines, filtered,
 * newest first). Served through `AdminRequests` like every admin route (admin key, JSON, one audit line).
 */
export function monitoringController(path: string): Type {
  @Controller(path)
  class MonitoringController {
    constructor(
      private readonly requests: AdminRequests,
      @Optional() @Inject(ADMIN_LIVE) private readonly liveView?: AdminLive,
      @Optional() @Inject(ADMIN_AUDIT_LOG) private readonly auditLog?: AdminAudit,
    ) {}

    /** `GET <path>/live` */
    @Get('live')
    live(@Req() req: IncomingMessage, @Res() res: ServerResponse): Promise<void> {
      return this.requests.serve(req, res, 'live.read', async () => {
        if (!this.liveView) throw new AdminRequestError(404, 'This service keeps no live view');
        return { body: await this.liveView.live() };
      });
    }

    /** `GET <path>/audit?principal=&operation=&outcome=&kind=&since=&until=&limit=&cursor=` */
    @Get('audit')
    audit(@Req() req: IncomingMessage, @Res() res: ServerResponse): Promise<void> {
      return this.requests.serve(req, res, 'audit.query', async () => {
        const query = auditQueryOf(req);
        if (!this.auditLog) throw new AdminRequestError(404, 'This service keeps no queryable audit log');
        const page = await this.auditLog.query(query);
        return { body: page, ...(query.principal ? { target: `principal:${query.principal}` } : {}) };
      });
    }
  }
  return MonitoringController;
}
