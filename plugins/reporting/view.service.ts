import { NotFoundError } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database';
import { ProductRepository, StockRepository } from '../inventory';
import { CustomerRepository, OrderRepository } from '../orders';
import type {
  Customer360View,
  CustomerCategory,
  CustomerStats,
  OrderSummaryLine,
  OrderSummaryView,
  ProductAvailabilityView,
  RecentOrder,
  WarehouseRefView,
} from './dto/view.dto';
import type { Customer360Args, ProductAvailabilityArgs } from './dto/view-args.dto';

/** Composed, read-only views across customers, orders, products and stock. */
@Injectable()
export class ViewService {
  constructor(
    private readonly database: DatabaseService,
    private readonly orders: OrderRepository,
    private readonly customers: CustomerRepository,
    private readonly products: ProductRepository,
    private readonly stock: StockRepository,
  ) {}

  orderSummary(orderId: number): OrderSummaryView {
    const order = this.orders.requireById(orderId);
    const db = this.database.db;
    const warehouse = db
      .prepare('SELECT w.code, w.name, w.city FROM orders o JOIN warehouses w ON w.id = o.warehouse_id WHERE o.id = ?')
      .get(orderId) as WarehouseRefView;
    const lines = db
      .prepare(
        `SELECT l.product_id AS productId, p.sku, p.name AS productName, p.category, l.quantity,
           l.unit_price_cents AS unitPriceCents, l.line_total_cents AS lineTotalCents
         FROM order_lines l JOIN products p ON p.id = l.product_id WHERE l.order_id = ? ORDER BY l.id`,
      )
      .all(orderId) as OrderSummaryLine[];
    return { ...order, customer: this.customers.requireById(order.customerId), warehouse, lines };
  }

  customer360(args: Customer360Args): Customer360View {
    const customer = this.customers.requireById(args.customerId);
    const db = this.database.db;
    const stats = db
      .prepare(
        `SELECT COUNT(*) AS orderCount,
           COALESCE(SUM(status IN ('pending', 'paid')), 0) AS openOrderCount,
           COALESCE(SUM(status = 'cancelled'), 0) AS cancelledOrderCount,
           COALESCE(SUM(CASE WHEN status <> 'cancelled' THEN total_cents END), 0) AS lifetimeValueCents,
           COALESCE(CAST(ROUND(AVG(CASE WHEN status <> 'cancelled' THEN total_cents END)) AS INTEGER), 0)
             AS averageOrderCents,
           COALESCE(SUM(CASE WHEN status IN ('pending', 'paid') THEN total_cents END), 0) AS openOrderValueCents,
           MIN(placed_at) AS firstOrderAt, MAX(placed_at) AS lastOrderAt
         FROM orders WHERE customer_id = ?`,
      )
      .get(customer.id) as CustomerStats;
    const recentOrders = db
      .prepare(
        `SELECT o.id, o.status, o.placed_at AS placedAt, o.total_cents AS totalCents,
           (SELECT COUNT(*) FROM order_lines l WHERE l.order_id = o.id) AS lineCount
         FROM orders o WHERE o.customer_id = ? ORDER BY o.placed_at DESC, o.id DESC LIMIT ?`,
      )
      .all(customer.id, args.recentOrders ?? 5) as RecentOrder[];
    const topCategories = db
      .prepare(
        `SELECT p.category, SUM(l.quantity) AS unitCount, SUM(l.line_total_cents) AS revenueCents
         FROM orders o JOIN order_lines l ON l.order_id = o.id JOIN products p ON p.id = l.product_id
         WHERE o.customer_id = ? AND o.status <> 'cancelled'
         GROUP BY p.category ORDER BY revenueCents DESC, p.category LIMIT 3`,
      )
      .all(customer.id) as CustomerCategory[];
    return { customer, stats, recentOrders, topCategories };
  }

  productAvailability(args: ProductAvailabilityArgs): ProductAvailabilityView {
    const product =
      args.productId !== undefined ? this.products.findById(args.productId) : this.products.findBySku(args.sku ?? '');
    if (!product) throw new NotFoundError('Product', args.productId ?? args.sku ?? '');
    const warehouses = this.stock.listLevels({ productId: product.id, limit: 200 }).items;
    const orders = this.database.db
      .prepare(
        `SELECT COUNT(DISTINCT CASE WHEN o.status IN ('pending', 'paid') THEN o.id END) AS openOrderCount,
           COALESCE(SUM(CASE WHEN o.status <> 'cancelled' THEN l.quantity END), 0) AS unitsOrdered
         FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE l.product_id = ?`,
      )
      .get(product.id) as { openOrderCount: number; unitsOrdered: number };
    const totalAvailable = warehouses.reduce((sum, w) => sum + w.available, 0);
    return {
      product,
      warehouses,
      totalOnHand: warehouses.reduce((sum, w) => sum + w.onHand, 0),
      totalReserved: warehouses.reduce((sum, w) => sum + w.reserved, 0),
      totalAvailable,
      ...orders,
      orderable: product.active && totalAvailable > 0,
    };
  }
}
