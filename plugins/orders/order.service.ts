import { ConflictError } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { nowIso } from '../common/clock';
import { shippingFeeFor } from '../common/pricing';
import { DatabaseService } from '../database';
import { ProductRepository, type StockLine, StockRepository, StockService } from '../inventory';
import { CustomerRepository } from './customer.repository';
import type { OrderDetail } from './dto/order.dto';
import type { CancelOrderArgs, PlaceOrderArgs } from './dto/order-args.dto';
import { OrderRepository } from './order.repository';

/**
 * The order lifecycle. Each method runs in one transaction: placing reserves stock for every line
 * or, when any line is short, changes nothing; shipping consumes the reservation; cancelling an
 * open order releases it.
 */
@Injectable()
export class OrderService {
  constructor(
    private readonly database: DatabaseService,
    private readonly orders: OrderRepository,
    private readonly customers: CustomerRepository,
    private readonly products: ProductRepository,
    private readonly stockRepository: StockRepository,
    private readonly stock: StockService,
  ) {}

  place(args: PlaceOrderArgs): OrderDetail {
    return this.database.transaction(() => {
      const customer = this.customers.requireById(args.customerId);
      const warehouse = this.stockRepository.requireWarehouse(args.warehouseCode);
      const lines = args.lines.map((line) => {
        const product = this.products.requireById(line.productId);
        if (!product.active) {
          throw new ConflictError(`Product ${product.sku} (${product.id}) is discontinued`, 'product_inactive');
        }
        return {
          productId: product.id,
          sku: product.sku,
          quantity: line.quantity,
          unitPriceCents: product.unitPriceCents,
        };
      });
      const subtotalCents = lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
      const orderId = this.orders.insert(
        {
          customerId: customer.id,
          warehouseId: warehouse.id,
          placedAt: nowIso(),
          subtotalCents,
          shippingCents: shippingFeeFor(subtotalCents),
        },
        lines,
      );
      // Reserving last means a shortage rolls back the order and lines written above as well.
      this.stock.reserveLines(warehouse, lines);
      return this.orders.requireDetail(orderId);
    });
  }

  markPaid(orderId: number): OrderDetail {
    return this.database.transaction(() => {
      const order = this.orders.requireById(orderId);
      if (order.status === 'cancelled') this.refuse(orderId, 'is cancelled and cannot be paid');
      if (order.status === 'pending') this.orders.transition(orderId, 'pending', 'paid', nowIso());
      return this.orders.requireDetail(orderId);
    });
  }

  ship(orderId: number): OrderDetail {
    return this.database.transaction(() => {
      const order = this.orders.requireById(orderId);
      if (order.status === 'pending') this.refuse(orderId, 'is not paid yet; mark it paid before shipping');
      if (order.status === 'cancelled') this.refuse(orderId, 'is cancelled and cannot be shipped');
      if (order.status === 'paid') {
        this.orders.transition(orderId, 'paid', 'shipped', nowIso());
        this.stock.shipLines(this.orders.warehouseIdOf(orderId), orderId, this.stockLines(orderId));
      }
      return this.orders.requireDetail(orderId);
    });
  }

  cancel(args: CancelOrderArgs): OrderDetail {
    return this.database.transaction(() => {
      const order = this.orders.requireById(args.orderId);
      if (args.warehouseCode !== undefined && !sameCode(order.warehouseCode, args.warehouseCode)) {
        throw new ConflictError(
          `Order ${order.id} is fulfilled by ${order.warehouseCode}, not ${args.warehouseCode}; it was not cancelled`,
          'warehouse_mismatch',
        );
      }
      if (order.status === 'shipped') this.refuse(order.id, 'has already shipped and cannot be cancelled');
      if (order.status === 'pending' || order.status === 'paid') {
        this.orders.transition(order.id, order.status, 'cancelled', nowIso(), args.reason);
        this.stock.releaseLines(this.orders.warehouseIdOf(order.id), this.stockLines(order.id));
      }
      return this.orders.requireDetail(order.id);
    });
  }

  private stockLines(orderId: number): StockLine[] {
    return this.orders.linesOf(orderId).map((l) => ({ productId: l.productId, sku: l.sku, quantity: l.quantity }));
  }

  private refuse(orderId: number, why: string): never {
    throw new ConflictError(`Order ${orderId} ${why}`, 'invalid_status');
  }
}

/** Warehouse codes compare as `ListOrders` filters them: case-insensitively. */
function sameCode(a: string, b: string): boolean {
  return a.toUpperCase() === b.toUpperCase();
}
