import { Module } from '@nestjs/common';
import { InventoryModule } from '../inventory';
import { OrdersModule } from '../orders';
import { ReportingOperations } from './reporting.operations';
import { SalesReportService } from './sales-report.service';
import { StockReportService } from './stock-report.service';
import { ViewService } from './view.service';

/**
 * Read-only reports (sales by day, low stock, top customers and products, revenue by category,
 * inventory valuation) and views (order summary, customer 360, product availability); the low-stock
 * report is also a subscribable MCP resource, `myko://inventory/low-stock`.
 * @publicApi
 */
@Module({
  imports: [InventoryModule, OrdersModule],
  providers: [SalesReportService, StockReportService, ViewService, ReportingOperations],
})
export class ReportingModule {}
