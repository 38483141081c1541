import { Injectable } from '@nestjs/common';

/**
 * What the audit log's OpenTelemetry export has lost, for `/metrics`: the audit log (`@myko/nest`) gives the
 * reader, the metrics read it at each scrape, so the gateways need not know the audit log. 0 until a reader is given
 * (no audit log, or no export).
 * @publicApi
 */
@Injectable()
export class AuditExportStats {
  private readDropped?: () => number;

  /** Where the count of dropped lines comes from; returns the function that detaches it. */
  readFrom(dropped: () => number): () => void {
    this.readDropped = dropped;
    return () => {
      if (this.readDropped === dropped) this.readDropped = undefined;
    };
  }

  /** Audit lines the OpenTelemetry export dropped since start (a full queue, a POST failed twice). */
  get otlpDropped(): number {
    return this.readDropped?.() ?? 0;
  }
}
