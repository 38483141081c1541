import { Command, type OperationContext, Query } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { CustomerRepository } from './customer.repository';
import { CustomerService } from './customer.service';
import { Customer, CustomerPage } from './dto/customer.dto';
import { CreateCustomerArgs, GetCustomersArgs, ListCustomersArgs, UpdateCustomerArgs } from './dto/customer-args.dto';
import { Order, OrderDetail, OrderLinePage, OrderPage } from './dto/order.dto';
import {
  CancelOrderArgs,
  GetOrdersArgs,
  ListOrderLinesArgs,
  ListOrdersArgs,
  OrderIdArgs,
  PlaceOrderArgs,
} from './dto/order-args.dto';
import { OrderRepository } from './order.repository';
import { OrderService } from './order.service';

/** Customer and order operations. Money is euro cents; timestamps are ISO 8601 UTC. */
@Injectable()
export class OrdersOperations {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly customerService: CustomerService,
    private readonly orders: OrderRepository,
    private readonly orderService: OrderService,
  ) {}

  @Query({
    description:
      'Page through customers ordered by name, filtered by segment (consumer, smb, enterprise), city or text ' +
      'in name/email. Returns { items, total, nextOffset }.',
    args: ListCustomersArgs,
    output: CustomerPage,
    keywords: ['find customers', 'search customers', 'customer list', 'clients', 'accounts', 'directory'],
    reads: ['Customer'],
  })
  ListCustomers(args: ListCustomersArgs) {
    return this.customers.list(args);
  }

  @Query({
    description: 'Fetch customers by id and/or email in one call; unknown keys are skipped.',
    args: GetCustomersArgs,
    output: [Customer],
    keywords: ['look up customer', 'lookup', 'customer details', 'client', 'account'],
    reads: ['Customer'],
  })
  GetCustomers(args: GetCustomersArgs) {
    return this.customers.getMany(args.ids ?? [], args.emails ?? []);
  }

  @Query({
    description:
      'Page through order headers (no lines), newest first by default, filtered by customer, status, warehouse, ' +
      'contained product, placed day range (YYYY-MM-DD, inclusive) or minimum total (euro cents).',
    args: ListOrdersArgs,
    output: OrderPage,
    keywords: [
      'order history',
      'customer orders',
      'purchases',
      'sales orders',
      'open orders',
      'unpaid orders',
      'recent orders',
    ],
    reads: ['Order', 'Customer'],
  })
  ListOrders(args: ListOrdersArgs) {
    return this.orders.list(args);
  }

  @Query({
    description: 'Fetch order headers by id in one call (no lines; use view_OrderSummary for one full order).',
    args: GetOrdersArgs,
    output: [Order],
    keywords: ['look up order', 'order header', 'order status'],
    reads: ['Order', 'OrderLine', 'Customer'],
  })
  GetOrders(args: GetOrdersArgs) {
    return this.orders.getMany(args.ids);
  }

  @Query({
    description:
      'Page through order lines (product, units, unit price and line total in euro cents) of an order, a ' +
      'product or a customer; newest orders first.',
    args: ListOrderLinesArgs,
    output: OrderLinePage,
    keywords: ['line items', 'order items', 'what was bought', 'purchase history', 'products ordered'],
    reads: ['OrderLine', 'Product', 'Order'],
  })
  ListOrderLines(args: ListOrderLinesArgs) {
    return this.orders.listLines(args);
  }

  @Command({
    description: 'Register a new customer. Fails with a conflict when the email is already used.',
    args: CreateCustomerArgs,
    output: Customer,
    keywords: ['new customer', 'add customer', 'sign up', 'onboard client', 'register account'],
    writes: ['Customer'],
  })
  CreateCustomer(args: CreateCustomerArgs, ctx: OperationContext) {
    const customer = this.customerService.create(args);
    ctx.log.info(`Created customer ${customer.id}`);
    return customer;
  }

  @Command({
    description: "Change a customer's name, email, segment or city; omitted fields stay. Overwrites old values.",
    args: UpdateCustomerArgs,
    output: Customer,
    idempotent: true,
    destructive: true,
    keywords: ['edit customer', 'rename customer', 'change email', 'move city', 'change segment'],
    writes: ['Customer'],
  })
  UpdateCustomer(args: UpdateCustomerArgs) {
    return this.customerService.update(args);
  }

  @Command({
    description:
      'Place an order for a customer from one warehouse at current prices. Reserves stock for every line in ' +
      'one transaction; when any line lacks available units it fails with a conflict naming the short lines ' +
      'and nothing changes. Returns the pending order with lines and totals (euro cents).',
    args: PlaceOrderArgs,
    output: OrderDetail,
    keywords: ['create order', 'new order', 'buy', 'purchase', 'checkout', 'reserve stock'],
    writes: ['Order', 'OrderLine', 'StockLevel'],
  })
  PlaceOrder(args: PlaceOrderArgs, ctx: OperationContext) {
    const order = this.orderService.place(args);
    ctx.log.info(`Placed order ${order.id}`, { totalCents: order.totalCents });
    return order;
  }

  @Command({
    description:
      'Record payment of a pending order (status becomes paid). Already paid or shipped orders are returned ' +
      'unchanged; cancelled orders are refused.',
    args: OrderIdArgs,
    output: OrderDetail,
    idempotent: true,
    keywords: ['pay order', 'payment received', 'settle invoice', 'record payment', 'paid'],
    writes: ['Order'],
  })
  MarkOrderPaid(args: OrderIdArgs) {
    return this.orderService.markPaid(args.orderId);
  }

  @Command({
    description:
      'Ship a paid order: its reserved units leave the warehouse (shipment movements) and status becomes ' +
      'shipped. Pending or cancelled orders are refused; shipped ones are returned unchanged.',
    args: OrderIdArgs,
    output: OrderDetail,
    idempotent: true,
    keywords: ['dispatch order', 'fulfil', 'fulfill', 'send out', 'deliver', 'shipping'],
    writes: ['Order', 'StockLevel', 'StockMovement'],
  })
  ShipOrder(args: OrderIdArgs, ctx: OperationContext) {
    const order = this.orderService.ship(args.orderId);
    ctx.log.info(`Order ${order.id} is ${order.status}`);
    return order;
  }

  @Command({
    description:
      'Cancel a pending or paid order and release its reserved stock. Cannot be undone. Shipped orders are ' +
      'refused; cancelled ones are returned unchanged.',
    args: CancelOrderArgs,
    output: OrderDetail,
    idempotent: true,
    destructive: true,
    keywords: ['void order', 'abort order', 'cancellation', 'release reservation', 'refund'],
    writes: ['Order', 'StockLevel'],
  })
  CancelOrder(args: CancelOrderArgs, ctx: OperationContext) {
    const order = this.orderService.cancel(args);
    ctx.log.info(`Order ${order.id} is ${order.status}`);
    return order;
  }
}
