import { Injectable } from '@nestjs/common';
import { Command, Query, View } from '../decorators';
import type { OperationContext } from '../interfaces';
import { GetOrderArgs, ListOrdersArgs, Order, OrderSummary, PlaceOrderArgs } from './order.dto';

/** Records every call so specs can see what the handler received. */
export interface CallLog {
  calls: { method: string; args: object; ctx: OperationContext; self: unknown }[];
}

@Injectable()
export class OrderOperations implements CallLog {
  readonly calls: CallLog['calls'] = [];

  @Query({ description: 'Orders, newest first', args: ListOrdersArgs, output: [Order] })
  ListOrders(args: ListOrdersArgs, ctx: OperationContext): Order[] {
    this.calls.push({ method: 'ListOrders', args, ctx, self: this });
    return [];
  }

  @View({ id: 'OrderSummary', description: 'One order with totals', args: GetOrderArgs, output: OrderSummary })
  async summary(args: GetOrderArgs, ctx: OperationContext): Promise<OrderSummary> {
    this.calls.push({ method: 'summary', args, ctx, self: this });
    return { id: args.orderId, total: 42 };
  }

  @Command({ description: 'Place an order', args: PlaceOrderArgs, output: Order, idempotent: false })
  async PlaceOrder(args: PlaceOrderArgs, ctx: OperationContext): Promise<Order> {
    this.calls.push({ method: 'PlaceOrder', args, ctx, self: this });
    return { id: 'O-1', status: 'open' as Order['status'], lines: args.lines };
  }

  /** Not an operation: no decorator. */
  helper(): number {
    return 1;
  }
}
