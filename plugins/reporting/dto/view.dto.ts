import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { Describe } from '../../common/describe.decorator';
import { Product, StockLevel } from '../../inventory';
import { Customer, ORDER_STATUSES, Order, type OrderStatus } from '../../orders';

/** A warehouse's identity. */
export class WarehouseRefView {
  @IsString()
  code: string;

  @IsString()
  name: string;

  @IsString()
  city: string;
}

/** An order line with its product's category. */
export class OrderSummaryLine {
  @IsInt()
  productId: number;

  @IsString()
  sku: string;

  @IsString()
  productName: string;

  @IsString()
  category: string;

  @IsInt()
  quantity: number;

  @IsInt()
  @Describe('Price per unit when ordered, euro cents.')
  unitPriceCents: number;

  @IsInt()
  @Describe('Euro cents.')
  lineTotalCents: number;
}

/** `view_OrderSummary`: one order with its customer, warehouse, lines and totals. */
export class OrderSummaryView extends Order {
  @ValidateNested()
  @Type(() => Customer)
  customer: Customer;

  @ValidateNested()
  @Type(() => WarehouseRefView)
  warehouse: WarehouseRefView;

  @ValidateNested({ each: true })
  @Type(() => OrderSummaryLine)
  lines: OrderSummaryLine[];
}

/** Lifetime figures of a customer. */
export class CustomerStats {
  @IsInt()
  orderCount: number;

  @IsInt()
  @Describe('Pending or paid orders.')
  openOrderCount: number;

  @IsInt()
  cancelledOrderCount: number;

  @IsInt()
  @Describe('Sum of totals (including shipping) of non-cancelled orders, euro cents.')
  lifetimeValueCents: number;

  @IsInt()
  @Describe('Average total of non-cancelled orders, euro cents.')
  averageOrderCents: number;

  @IsInt()
  @Describe('Total of open orders not shipped yet, euro cents.')
  openOrderValueCents: number;

  @IsOptional()
  @IsString()
  firstOrderAt: string | null;

  @IsOptional()
  @IsString()
  lastOrderAt: string | null;
}

/** A customer's spend in one category. */
export class CustomerCategory {
  @IsString()
  category: string;

  @IsInt()
  unitCount: number;

  @IsInt()
  @Describe('Euro cents, non-cancelled orders.')
  revenueCents: number;
}

/** A short order line for lists. */
export class RecentOrder {
  @IsInt()
  id: number;

  @IsIn(ORDER_STATUSES)
  status: OrderStatus;

  @IsString()
  placedAt: string;

  @IsInt()
  lineCount: number;

  @IsInt()
  @Describe('Euro cents.')
  totalCents: number;
}

/** `view_Customer360`: a customer with lifetime stats, recent orders and favourite categories. */
export class Customer360View {
  @ValidateNested()
  @Type(() => Customer)
  customer: Customer;

  @ValidateNested()
  @Type(() => CustomerStats)
  stats: CustomerStats;

  @ValidateNested({ each: true })
  @Type(() => RecentOrder)
  recentOrders: RecentOrder[];

  @ValidateNested({ each: true })
  @Type(() => CustomerCategory)
  topCategories: CustomerCategory[];
}

/** `view_ProductAvailability`: a product with its stock in every warehouse. */
export class ProductAvailabilityView {
  @ValidateNested()
  @Type(() => Product)
  product: Product;

  @ValidateNested({ each: true })
  @Type(() => StockLevel)
  warehouses: StockLevel[];

  @IsInt()
  totalOnHand: number;

  @IsInt()
  totalReserved: number;

  @IsInt()
  @Describe('Units new orders can take, all warehouses.')
  totalAvailable: number;

  @IsInt()
  @Describe('Pending or paid orders containing it.')
  openOrderCount: number;

  @IsInt()
  @Describe('Units in non-cancelled orders, all time.')
  unitsOrdered: number;

  @IsBoolean()
  @Describe('True when it is active and some warehouse has available units.')
  orderable: boolean;
}
