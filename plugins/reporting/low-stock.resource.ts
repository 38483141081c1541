import {
  McpResource,
  type OperationContext,
  type OperationInvocation,
  OperationInvoker,
  ResourceEvents,
} from '@myko/registry';
import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { StockReportService } from './stock-report.service';

/** URI of the low-stock resource. */
export const LOW_STOCK_URI = 'myko://inventory/low-stock';

const ROWS = 100;
const quiet = () => undefined;
const INTERNAL_CONTEXT: OperationContext = {
  client: { transport: 'internal' },
  signal: new AbortController().signal,
  log: { debug: quiet, info: quiet, warn: quiet, error: quiet },
  progress: quiet,
};

/**
 * The low-stock report as a subscribable MCP resource. While a client is subscribed, it recomputes
 * the report after commands succeed (restocks, orders, cancellations, transfers…), once per burst,
 * and tells subscribers through `ResourceEvents` when the content changed.
 */
@Injectable()
export class LowStockResource implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LowStockResource.name);
  private last?: string;
  private scheduled = false;
  private stop?: () => void;

  constructor(
    private readonly stock: StockReportService,
    private readonly invoker: OperationInvoker,
    private readonly events: ResourceEvents,
  ) {}

  onModuleInit(): void {
    this.stop = this.invoker.onInvoked((invocation) => this.onInvoked(invocation));
  }

  /** The baseline that later changes are compared with (the database is migrated and seeded by now). */
  onApplicationBootstrap(): void {
    this.last = this.snapshot();
  }

  onApplicationShutdown(): void {
    this.stop?.();
  }

  @McpResource({
    uri: LOW_STOCK_URI,
    name: 'low-stock',
    title: 'Low stock',
    description:
      `Stock levels at or below their reorder point, most urgent first (at most ${ROWS} rows), as JSON; ` +
      'subscribe to be told when stock commands change it.',
    mimeType: 'application/json',
    // The same rows as report_LowStock over every warehouse: a profile limited to one warehouse may not read it.
    operation: 'report_LowStock',
    operationArgs: { limit: ROWS },
  })
  read(): string {
    return this.snapshot();
  }

  private onInvoked({ kind, outcome }: OperationInvocation): void {
    if (kind !== 'command' || outcome !== 'ok' || this.scheduled) return;
    if (!this.events.isWatched(LOW_STOCK_URI)) {
      // Nobody subscribed: skip the report; the next watched change is then announced unconditionally.
      this.last = undefined;
      return;
    }
    // One check per burst: a script that runs many commands triggers one recomputation.
    this.scheduled = true;
    setImmediate(() => this.refresh());
  }

  private refresh(): void {
    this.scheduled = false;
    let current: string;
    try {
      current = this.snapshot();
    } catch (error) {
      // The app may be closing (database gone): nothing left to notify.
      this.logger.warn(`Low-stock refresh failed: ${(error as Error)?.message ?? error}`);
      return;
    }
    if (current === this.last) return;
    this.last = current;
    this.events.changed(LOW_STOCK_URI);
  }

  private snapshot(): string {
    return JSON.stringify(this.stock.lowStock({ limit: ROWS }, INTERNAL_CONTEXT), null, 2);
  }
}
