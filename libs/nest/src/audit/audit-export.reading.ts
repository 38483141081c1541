import { AuditExportStats } from '@myko/gateways';
import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { AuditLog } from './audit-log.service';

/**
 * Gives `/metrics` (`AuditExportStats`, read at each scrape) the count of audit lines the OpenTelemetry export
 * dropped (`AuditLog.otlpDropped`), as `myko_audit_otlp_dropped_total`: the metrics live in the gateways, which
 * cannot know the audit log.
 */
@Injectable()
export class AuditExportReading implements OnModuleInit, OnModuleDestroy {
  private stop?: () => void;

  constructor(
    private readonly stats: AuditExportStats,
    private readonly audit: AuditLog,
  ) {}

  onModuleInit(): void {
    this.stop = this.stats.readFrom(() => this.audit.otlpDropped);
  }

  onModuleDestroy(): void {
    this.stop?.();
  }
}
