import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, ValidateNested } from 'class-validator';
import { Describe } from '../../common/describe.decorator';

const REVENUE = 'Merchandise revenue (line totals, excluding shipping) of non-cancelled orders, euro cents.';

/** Sales of one day. */
export class SalesDay {
  @IsString()
  @Describe('YYYY-MM-DD (UTC).')
  day: string;

  @IsInt()
  orderCount: number;

  @IsInt()
  unitCount: number;

  @IsInt()
  @Describe(REVENUE)
  revenueCents: number;
}

/** `report_SalesByDay`: every day of the range (days without sales are zero) plus totals. */
export class SalesByDayReport {
  @IsString()
  from: string;

  @IsString()
  to: string;

  @ValidateNested({ each: true })
  @Type(() => SalesDay)
  days: SalesDay[];

  @IsInt()
  totalOrders: number;

  @IsInt()
  totalUnits: number;

  @IsInt()
  @Describe(REVENUE)
  totalRevenueCents: number;

  @IsInt()
  @Describe('totalRevenueCents / totalOrders, rounded, euro cents; 0 without orders.')
  averageOrderRevenueCents: number;
}

/** A product whose available stock in a warehouse is at or below its reorder point. */
export class LowStockRow {
  @IsInt()
  productId: number;

  @IsString()
  sku: string;

  @IsString()
  productName: string;

  @IsString()
  category: string;

  @IsString()
  warehouseCode: string;

  @IsInt()
  onHand: number;

  @IsInt()
  reserved: number;

  @IsInt()
  @Describe('onHand - reserved, units.')
  available: number;

  @IsInt()
  reorderPoint: number;

  @IsInt()
  @Describe('Units to order to get back to three times the reorder point.')
  suggestedReorderQuantity: number;

  @IsBoolean()
  @Describe('False for discontinued products (usually not worth restocking).')
  active: boolean;
}

/** One ranked customer. */
export class TopCustomerRow {
  @IsInt()
  rank: number;

  @IsInt()
  customerId: number;

  @IsString()
  name: string;

  @IsString()
  segment: string;

  @IsString()
  city: string;

  @IsInt()
  orderCount: number;

  @IsInt()
  @Describe(REVENUE)
  revenueCents: number;

  @IsInt()
  @Describe('revenueCents / orderCount, rounded, euro cents.')
  averageOrderRevenueCents: number;

  @IsString()
  @Describe('placedAt of their latest order in the range, ISO 8601 UTC.')
  lastOrderAt: string;
}

/** One ranked product. */
export class TopProductRow {
  @IsInt()
  rank: number;

  @IsInt()
  productId: number;

  @IsString()
  sku: string;

  @IsString()
  name: string;

  @IsString()
  category: string;

  @IsInt()
  orderCount: number;

  @IsInt()
  unitCount: number;

  @IsInt()
  @Describe(REVENUE)
  revenueCents: number;
}

/** Revenue of one category. */
export class CategoryRevenueRow {
  @IsString()
  category: string;

  @IsInt()
  orderCount: number;

  @IsInt()
  unitCount: number;

  @IsInt()
  @Describe(REVENUE)
  revenueCents: number;

  @IsNumber()
  @Describe('Share of the total revenue of the report, percent with one decimal.')
  sharePercent: number;
}

/** Stock value of one warehouse or category. */
export class ValuationRow {
  @IsString()
  @Describe('Warehouse code or category name, per groupBy.')
  key: string;

  @IsInt()
  productCount: number;

  @IsInt()
  @Describe('Units on hand.')
  unitsOnHand: number;

  @IsInt()
  @Describe('Units reserved for open orders (included in unitsOnHand).')
  unitsReserved: number;

  @IsInt()
  @Describe('Sum of on hand x current unit price, euro cents.')
  valueCents: number;
}

/** `report_InventoryValuation`: stock value at current list prices. */
export class InventoryValuationReport {
  @IsIn(['warehouse', 'category'])
  groupBy: 'warehouse' | 'category';

  @IsOptional()
  @IsString()
  warehouseCode: string | null;

  @ValidateNested({ each: true })
  @Type(() => ValuationRow)
  rows: ValuationRow[];

  @IsInt()
  totalUnitsOnHand: number;

  @IsInt()
  @Describe('Euro cents.')
  totalValueCents: number;
}
