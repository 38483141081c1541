import { Type } from 'class-transformer';
import {
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsEnum,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { ArgDescription } from '../decorators';

export enum OrderStatus {
  Open = 'open',
  Paid = 'paid',
  Shipped = 'shipped',
}

export enum Priority {
  Low,
  High,
}

export class OrderLineInput {
  @IsString()
  @MinLength(1)
  sku: string;

  @ArgDescription('Units to order')
  @IsInt()
  @Min(1)
  @Max(1000)
  quantity: number;
}

export class AddressInput {
  @IsString()
  city: string;

  @IsOptional()
  @IsString()
  zip?: string;
}

export class PlaceOrderArgs {
  @ArgDescription('Customer id, e.g. C-0042')
  @IsString()
  customerId: string;

  @IsArray()
  @ArrayMinSize(1)
  @ValidateNested({ each: true })
  @Type(() => OrderLineInput)
  lines: OrderLineInput[];

  @IsOptional()
  @ValidateNested()
  @Type(() => AddressInput)
  shipTo?: AddressInput;

  @IsOptional()
  @IsBoolean()
  express?: boolean;

  @ArgDescription('Latest delivery date (ISO 8601)')
  @IsOptional()
  @IsISO8601()
  deliverBy?: string;
}

export class ListOrdersArgs {
  @IsOptional()
  @IsEnum(OrderStatus)
  status?: OrderStatus;

  @IsOptional()
  @IsIn(['asc', 'desc'])
  sort?: 'asc' | 'desc';

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @IsOptional()
  @IsNumber()
  minTotal?: number;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  tags?: string[];

  @IsOptional()
  @IsEnum(Priority)
  priority?: Priority;
}

export class GetOrderArgs {
  @IsString()
  orderId: string;
}

/** Output DTO: described for search, never enforced. */
export class Order {
  @IsString()
  id: string;

  @IsEnum(OrderStatus)
  status: OrderStatus;

  @ValidateNested({ each: true })
  @Type(() => OrderLineInput)
  lines: OrderLineInput[];
}

/** An output class of two plain values. */
export class OrderSummary {
  @IsString()
  id: string;

  @IsNumber()
  total: number;
}
