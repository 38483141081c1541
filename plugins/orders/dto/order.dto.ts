import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { Describe } from '../../common/describe.decorator';
import { PageInfo } from '../../common/dto/page-info.dto';
import { ORDER_STATUSES, type OrderStatus } from '../orders.constants';

/** An order header with its totals. Money in euro cents. */
export class Order {
  @IsInt()
  id: number;

  @IsInt()
  customerId: number;

  @IsString()
  customerName: string;

  @IsString()
  @Describe('Code of the warehouse that fulfils it.')
  warehouseCode: string;

  @IsIn(ORDER_STATUSES)
  @Describe('pending (awaiting payment), paid, shipped or cancelled.')
  status: OrderStatus;

  @IsString()
  @Describe('ISO 8601 UTC timestamp.')
  placedAt: string;

  @IsOptional()
  @IsString()
  paidAt: string | null;

  @IsOptional()
  @IsString()
  shippedAt: string | null;

  @IsOptional()
  @IsString()
  cancelledAt: string | null;

  @IsOptional()
  @IsString()
  cancelReason: string | null;

  @IsInt()
  @Describe('Number of order lines (distinct products).')
  lineCount: number;

  @IsInt()
  @Describe('Total units over all lines.')
  unitCount: number;

  @IsInt()
  @Describe('Sum of the line totals, euro cents.')
  subtotalCents: number;

  @IsInt()
  @Describe('Shipping fee, euro cents (free from EUR 50.00 subtotal).')
  shippingCents: number;

  @IsInt()
  @Describe('subtotalCents + shippingCents, euro cents.')
  totalCents: number;
}

/** One page of orders. */
export class OrderPage extends PageInfo {
  @ValidateNested({ each: true })
  @Type(() => Order)
  items: Order[];
}

/** One line of an order, priced when it was placed. */
export class OrderLine {
  @IsInt()
  id: number;

  @IsInt()
  orderId: number;

  @IsInt()
  productId: number;

  @IsString()
  sku: string;

  @IsString()
  productName: string;

  @IsInt()
  @Describe('Units ordered.')
  quantity: number;

  @IsInt()
  @Describe('Price per unit when the order was placed, euro cents.')
  unitPriceCents: number;

  @IsInt()
  @Describe('quantity * unitPriceCents, euro cents.')
  lineTotalCents: number;
}

/** One page of order lines. */
export class OrderLinePage extends PageInfo {
  @ValidateNested({ each: true })
  @Type(() => OrderLine)
  items: OrderLine[];
}

/** An order with all its lines. */
export class OrderDetail extends Order {
  @ValidateNested({ each: true })
  @Type(() => OrderLine)
  lines: OrderLine[];
}
