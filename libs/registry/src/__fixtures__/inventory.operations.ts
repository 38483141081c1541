import { Injectable } from '@nestjs/common';
import { Command, Query, Report } from '../decorators';
import type { OperationContext } from '../interfaces';

/** Base class whose decorated method is inherited by `InventoryOperations`. */
export abstract class StockOperationsBase {
  @Query({ description: 'Number of warehouses', output: Number })
  CountWarehouses(): number {
    return 3;
  }
}

@Injectable()
export class InventoryOperations extends StockOperationsBase {
  @Report({ description: 'Products below their reorder level', output: [String] })
  LowStock(): string[] {
    return ['SKU-1'];
  }

  @Command({ description: 'Delete a warehouse', destructive: true, idempotent: true })
  async DeleteWarehouse(_args: object, ctx: OperationContext): Promise<void> {
    await waitForAbort(ctx.signal);
  }
}

/** Resolves when the signal aborts: a long-running operation that honours cancellation. */
export function waitForAbort(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
