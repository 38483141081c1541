import type { AdminAudit, AuditPage, AuditQuery } from '@myko/admin';
import type { AuditLog } from '../audit/audit-log.service';

/** The admin API's audit query bound to the service's audit log (its recent lines: this process's, or Redis's). */
export class AdminAuditAdapter implements AdminAudit {
  constructor(private readonly log: AuditLog) {}

  query(query: AuditQuery): Promise<AuditPage> {
    return this.log.query(query);
  }
}
