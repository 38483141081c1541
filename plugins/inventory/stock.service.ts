import { ConflictError } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database';
import type { StockLevel, StockTransfer } from './dto/stock.dto';
import type { AdjustStockArgs, RestockProductArgs, TransferStockArgs } from './dto/stock-args.dto';
import { ProductRepository } from './product.repository';
import { StockRepository } from './stock.repository';

/** One product and quantity of an order, as stock sees it. */
export interface StockLine {
  productId: number;
  sku: string;
  quantity: number;
}

/**
 * Stock-changing rules. Every public method is atomic; the `*Lines` methods are meant to run inside
 * the caller's transaction (an order command) and throw to roll it back.
 */
@Injectable()
export class StockService {
  constructor(
    private readonly database: DatabaseService,
    private readonly stock: StockRepository,
    private readonly products: ProductRepository,
  ) {}

  restock(args: RestockProductArgs): StockLevel {
    return this.database.transaction(() => {
      this.products.requireById(args.productId);
      const warehouse = this.stock.requireWarehouse(args.warehouseCode);
      this.stock.changeOnHand(args.productId, warehouse.id, args.quantity);
      this.stock.recordMovement({
        productId: args.productId,
        warehouseId: warehouse.id,
        quantityDelta: args.quantity,
        reason: 'restock',
        note: args.note,
      });
      return this.stock.level(args.productId, warehouse.id);
    });
  }

  adjust(args: AdjustStockArgs): StockLevel {
    return this.database.transaction(() => {
      this.products.requireById(args.productId);
      const warehouse = this.stock.requireWarehouse(args.warehouseCode);
      const before = this.stock.level(args.productId, warehouse.id);
      if (!this.stock.changeOnHand(args.productId, warehouse.id, args.quantityDelta)) {
        throw new ConflictError(
          `Cannot adjust ${before.sku} in ${warehouse.code} by ${args.quantityDelta}: on hand ${before.onHand}, ` +
            `${before.reserved} reserved for open orders; on hand may not fall below the reserved units`,
          'insufficient_stock',
        );
      }
      this.stock.recordMovement({
        productId: args.productId,
        warehouseId: warehouse.id,
        quantityDelta: args.quantityDelta,
        reason: 'adjustment',
        note: args.note,
      });
      return this.stock.level(args.productId, warehouse.id);
    });
  }

  transfer(args: TransferStockArgs): StockTransfer {
    return this.database.transaction(() => {
      const product = this.products.requireById(args.productId);
      const from = this.stock.requireWarehouse(args.fromWarehouseCode);
      const to = this.stock.requireWarehouse(args.toWarehouseCode);
      if (from.id === to.id) throw new ConflictError('A transfer needs two different warehouses', 'same_warehouse');
      if (!this.stock.changeOnHand(product.id, from.id, -args.quantity)) {
        const available = this.stock.available(product.id, from.id);
        throw new ConflictError(
          `Cannot transfer ${args.quantity} of ${product.sku} from ${from.code}: only ${available} available`,
          'insufficient_stock',
        );
      }
      this.stock.changeOnHand(product.id, to.id, args.quantity);
      const note = `Transfer ${from.code} -> ${to.code}`;
      this.stock.recordMovement({
        productId: product.id,
        warehouseId: from.id,
        quantityDelta: -args.quantity,
        reason: 'transfer_out',
        note,
      });
      this.stock.recordMovement({
        productId: product.id,
        warehouseId: to.id,
        quantityDelta: args.quantity,
        reason: 'transfer_in',
        note,
      });
      return {
        quantity: args.quantity,
        from: this.stock.level(product.id, from.id),
        to: this.stock.level(product.id, to.id),
      };
    });
  }

  /**
   * Reserves every line in the warehouse. When any line is short it throws a `ConflictError` naming
   * every short line; the caller's transaction then rolls back the lines already reserved.
   */
  reserveLines(warehouse: { id: number; code: string }, lines: readonly StockLine[]): void {
    const shortages: string[] = [];
    for (const line of lines) {
      if (shortages.length === 0 && this.stock.reserve(line.productId, warehouse.id, line.quantity)) continue;
      const available = this.stock.available(line.productId, warehouse.id);
      if (shortages.length > 0 && available >= line.quantity) continue;
      shortages.push(`${line.sku} (product ${line.productId}) requested ${line.quantity}, available ${available}`);
    }
    if (shortages.length > 0) {
      throw new ConflictError(`Insufficient stock in ${warehouse.code}: ${shortages.join('; ')}`, 'insufficient_stock');
    }
  }

  /** Gives the reserved units of a cancelled open order back to available stock. */
  releaseLines(warehouseId: number, lines: readonly StockLine[]): void {
    for (const line of lines) this.stock.release(line.productId, warehouseId, line.quantity);
  }

  /** Ships an order's reserved units: on hand and reserved drop, one `shipment` movement per line. */
  shipLines(warehouseId: number, orderId: number, lines: readonly StockLine[]): void {
    for (const line of lines) {
      this.stock.consumeReserved(line.productId, warehouseId, line.quantity);
      this.stock.recordMovement({
        productId: line.productId,
        warehouseId,
        quantityDelta: -line.quantity,
        reason: 'shipment',
        orderId,
      });
    }
  }
}
