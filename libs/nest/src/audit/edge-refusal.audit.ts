import { type EdgeRefusal, EdgeRefusals } from '@myko/gateways';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AuditLog } from './audit-log.service';
import { toEdgeRefusalAuditRecord } from './edge-refusal-audit.record';
import { RefusalCoalescer } from './refusal.coalescer';

/**
 * Writes the edge's refusals (`EdgeRefusals`: 401, 403, 429, 503 at the HTTP door and the WebSocket handshake,
 * -32029 on an open WebSocket) to the audit log as `guard` lines, coalesced per principal, door and reason to one
 * line a second (`RefusalCoalescer`), so a flood of refusals does not flood the log. Listens only while the audit
 * log is on: otherwise no refusal builds anything.
 */
@Injectable()
export class EdgeRefusalAudit implements OnModuleInit {
  private coalescer?: RefusalCoalescer<EdgeRefusal>;
  private stop?: () => void;

  constructor(
    private readonly refusals: EdgeRefusals,
    private readonly audit: AuditLog,
  ) {}

  onModuleInit(): void {
    if (!this.audit.listening) return;
    const coalescer = new RefusalCoalescer<EdgeRefusal>((refusal, count) =>
      this.audit.recordGuardLine(toEdgeRefusalAuditRecord(refusal, count)),
    );
    this.coalescer = coalescer;
    this.stop = this.refusals.onRefusal((refusal) =>
      coalescer.add(`${refusal.principal}\0${refusal.door}\0${refusal.reason}`, refusal),
    );
    // Listening through the drain, whose refusals (503, -32000 on WebSocket and stdio) are audited too.
    this.audit.onClosing(() => this.close());
  }

  /** The refusals counted but not yet written go out as the audit log closes (the drain is over by then). */
  private close(): void {
    this.stop?.();
    this.stop = undefined;
    this.coalescer?.flush();
  }
}
