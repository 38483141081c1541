import { Command, ConflictError, type OperationContext, Query, Report, View } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { CustomerArgs, Order, OrderIdArgs, PlaceOrderArgs, StatusArgs } from './shop.dto';

/**
 * A small shop for dispatch specs. Ids are chosen so that the word "orders" hits each ranking tier:
 * exact id (`Orders`), id prefix (`OrdersByStatus`), id word (`GetOrders`), description (`Revenue`).
 */
@Injectable()
export class ShopOperations {
  readonly orders: Order[] = [
    { id: 'O-1', customerId: 7, status: 'open' },
    { id: 'O-2', customerId: 7, status: 'paid' },
    { id: 'O-3', customerId: 9, status: 'open' },
  ];
  /** How many commands actually ran (never reset by a failed script). */
  ticks = 0;

  @Query({ description: 'Every order', output: [Order] })
  Orders(): Order[] {
    return this.orders;
  }

  @Query({ description: 'Orders in one status', args: StatusArgs, output: [Order] })
  OrdersByStatus(args: StatusArgs): Order[] {
    return this.orders.filter((o) => o.status === args.status);
  }

  @Query({ description: 'Orders of a customer, newest first', args: CustomerArgs, output: [Order] })
  GetOrders(args: CustomerArgs): Order[] {
    return this.orders.filter((o) => o.customerId === args.customerId).slice(0, args.limit);
  }

  @Report({ description: 'Revenue from paid orders', output: Number })
  Revenue(): number {
    return 120.5;
  }

  @View({ description: 'Stock levels per warehouse', output: Object })
  StockLevels(): Record<string, number> {
    return { north: 4, south: 0 };
  }

  @Query({ description: 'Salaries of every employee', output: Object })
  SecretSalaries(): Record<string, number> {
    return { alice: 1 };
  }

  @Query({ description: 'Fails with a database fault', output: Object })
  Broken(): never {
    throw new Error('connection refused: postgres://admin:hunter2@db');
  }

  @Command({ description: 'Place an order for a customer', args: PlaceOrderArgs, output: Order })
  PlaceOrder(args: PlaceOrderArgs): Order {
    const order: Order = { id: `O-${this.orders.length + 1}`, customerId: args.customerId, status: 'open' };
    this.orders.push(order);
    return order;
  }

  @Command({ description: 'Cancel an order; paid orders cannot be cancelled', args: OrderIdArgs, output: Order })
  CancelOrder(args: OrderIdArgs): Order {
    const order = this.orders.find((o) => o.id === args.orderId);
    if (order?.status === 'paid') throw new ConflictError(`Order ${args.orderId} is paid and cannot be cancelled`);
    return order ?? { id: args.orderId, customerId: 0, status: 'open' };
  }

  @Command({ description: 'Count one tick', output: Number })
  Tick(): number {
    return ++this.ticks;
  }

  @Report({ description: 'Counts to three, reporting progress', output: Number })
  CountUp(_args: object, ctx: OperationContext): number {
    for (let i = 1; i <= 3; i++) ctx.progress(i, 3, `step ${i}`);
    return 3;
  }

  @Query({ description: 'Waits until the request is aborted', output: Object })
  async WaitForAbort(_args: object, ctx: OperationContext): Promise<never> {
    return new Promise((_, reject) => {
      ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason), { once: true });
    });
  }
}
