import { type OperationContext, Report, View } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import {
  CategoryRevenueRow,
  InventoryValuationReport,
  LowStockRow,
  SalesByDayReport,
  TopCustomerRow,
  TopProductRow,
} from './dto/report.dto';
import {
  InventoryValuationArgs,
  LowStockArgs,
  RevenueByCategoryArgs,
  SalesByDayArgs,
  TopCustomersArgs,
  TopProductsArgs,
} from './dto/report-args.dto';
import { Customer360View, OrderSummaryView, ProductAvailabilityView } from './dto/view.dto';
import { Customer360Args, OrderSummaryArgs, ProductAvailabilityArgs } from './dto/view-args.dto';
import { LOW_STOCK_RESOURCE_ROWS, LOW_STOCK_URI } from './reporting.constants';
import { SalesReportService } from './sales-report.service';
import { StockReportService } from './stock-report.service';
import { ViewService } from './view.service';

/**
 * Read-only reports and views. Sales figures count non-cancelled orders and exclude shipping;
 * money is euro cents, days are UTC.
 */
@Injectable()
export class ReportingOperations {
  constructor(
    private readonly sales: SalesReportService,
    private readonly stock: StockReportService,
    private readonly views: ViewService,
  ) {}

  @Report({
    description:
      'Daily sales between two days (inclusive, at most 366): orders, units and revenue (line totals without ' +
      'shipping, euro cents) per day, zero-filled, plus totals. Optionally one warehouse or one category.',
    args: SalesByDayArgs,
    output: SalesByDayReport,
    keywords: ['daily sales', 'revenue over time', 'sales trend', 'turnover per day', 'sales history', 'time series'],
    reads: ['Order', 'OrderLine'],
  })
  SalesByDay(args: SalesByDayArgs, ctx: OperationContext) {
    return this.sales.salesByDay(args, ctx);
  }

  @Report({
    description:
      'Stock levels at or below their reorder point (available = on hand - reserved), most urgent first, ' +
      'with a suggested reorder quantity in units. Use it to decide what to restock.',
    args: LowStockArgs,
    output: [LowStockRow],
    keywords: ['reorder', 'out of stock', 'running low', 'shortage', 'replenishment', 'what to restock'],
    reads: ['StockLevel', 'Product', 'Warehouse'],
    resource: {
      uri: LOW_STOCK_URI,
      name: 'low-stock',
      title: 'Low stock',
      description:
        `Stock levels at or below their reorder point, most urgent first (at most ${LOW_STOCK_RESOURCE_ROWS} rows), ` +
        'as JSON; subscribe to be told when stock commands change it.',
      args: { limit: LOW_STOCK_RESOURCE_ROWS },
    },
  })
  LowStock(args: LowStockArgs, ctx: OperationContext) {
    return this.stock.lowStock(args, ctx);
  }

  @Report({
    description:
      'Customers ranked by revenue (euro cents, without shipping) or order count over an optional day range ' +
      'and segment; with average order revenue and last order time.',
    args: TopCustomersArgs,
    output: [TopCustomerRow],
    keywords: ['best customers', 'biggest clients', 'most valuable customers', 'customer ranking', 'top spenders'],
    reads: ['Order', 'Customer'],
  })
  TopCustomers(args: TopCustomersArgs, ctx: OperationContext) {
    return this.sales.topCustomers(args, ctx);
  }

  @Report({
    description: 'Best-selling products by revenue (euro cents) or units over an optional day range and category.',
    args: TopProductsArgs,
    output: [TopProductRow],
    keywords: ['best sellers', 'best-selling products', 'popular items', 'product ranking', 'top sellers'],
    reads: ['OrderLine', 'Order', 'Product'],
  })
  TopProducts(args: TopProductsArgs, ctx: OperationContext) {
    return this.sales.topProducts(args, ctx);
  }

  @Report({
    description:
      'Revenue (euro cents, without shipping), orders and units per product category over an optional day range ' +
      'and warehouse, with each category’s percent share; largest first.',
    args: RevenueByCategoryArgs,
    output: [CategoryRevenueRow],
    keywords: ['sales by category', 'category breakdown', 'category share', 'turnover by category'],
    reads: ['OrderLine', 'Order', 'Product'],
  })
  RevenueByCategory(args: RevenueByCategoryArgs, ctx: OperationContext) {
    return this.sales.revenueByCategory(args, ctx);
  }

  @Report({
    description:
      'Value of the stock on hand at current list prices (euro cents), per warehouse or per category, with ' +
      'unit counts and a grand total.',
    args: InventoryValuationArgs,
    output: InventoryValuationReport,
    keywords: ['stock value', 'inventory worth', 'value of stock', 'asset value', 'inventory value'],
    reads: ['StockLevel', 'Product', 'Warehouse'],
  })
  InventoryValuation(args: InventoryValuationArgs, ctx: OperationContext) {
    return this.stock.valuation(args, ctx);
  }

  @View({
    description:
      'One order in full: status and timestamps, the customer, the fulfilling warehouse, every line with product ' +
      'and category, and subtotal, shipping and total in euro cents.',
    args: OrderSummaryArgs,
    output: OrderSummaryView,
    keywords: ['order details', 'full order', 'invoice', 'receipt', 'order lines and totals'],
    reads: ['Order', 'OrderLine', 'Customer', 'Product', 'Warehouse'],
  })
  OrderSummary(args: OrderSummaryArgs) {
    return this.views.orderSummary(args.orderId);
  }

  @View({
    description:
      'Everything about one customer: profile, lifetime order counts and value (euro cents), open order value, ' +
      'most recent orders and top 3 categories.',
    args: Customer360Args,
    output: Customer360View,
    keywords: ['customer profile', 'customer overview', 'customer history', 'lifetime value', 'account overview'],
    reads: ['Customer', 'Order', 'OrderLine', 'Product'],
  })
  Customer360(args: Customer360Args) {
    return this.views.customer360(args);
  }

  @View({
    description:
      'Where a product (by id or SKU) can be fulfilled from: on hand, reserved and available units per ' +
      'warehouse, totals, open orders containing it, and whether it can be ordered now.',
    args: ProductAvailabilityArgs,
    output: ProductAvailabilityView,
    keywords: [
      'can it be ordered',
      'where is it in stock',
      'available units',
      'stock per warehouse',
      'fulfilment options',
    ],
    reads: ['StockLevel', 'Product', 'Warehouse', 'Order', 'OrderLine'],
  })
  ProductAvailability(args: ProductAvailabilityArgs) {
    return this.views.productAvailability(args);
  }
}
