import { ArgDescription, Normalize } from '@myko/registry';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { type DateRangeArgs, RangeFrom, RangeTo } from '../../common/dto/date-range-args';
import { PageArgs } from '../../common/dto/page-args.dto';
import { WarehouseCodeArg } from '../../common/dto/scope-args';
import { MAX_ORDER_LINES, ORDER_STATUSES, type OrderStatus } from '../orders.constants';

export const ORDER_SORTS = ['newest', 'oldest', 'largest'] as const;

/** Filters of `query_ListOrders`. */
export class ListOrdersArgs extends PageArgs implements DateRangeArgs {
  @IsOptional()
  @IsInt()
  customerId?: number;

  @IsOptional()
  @IsIn(ORDER_STATUSES)
  status?: OrderStatus;

  @WarehouseCodeArg('Fulfilling warehouse code, e.g. BER.')
  warehouseCode?: string;

  @IsOptional()
  @IsInt()
  @ArgDescription('Only orders that contain this product.')
  productId?: number;

  @RangeFrom('Placed on or after this day, YYYY-MM-DD (UTC).')
  from?: string;

  @RangeTo('Placed on or before this day, YYYY-MM-DD (UTC).')
  to?: string;

  @IsOptional()
  @IsInt()
  @Min(0)
  @ArgDescription('Minimum order total, euro cents.')
  minTotalCents?: number;

  @IsOptional()
  @IsIn(ORDER_SORTS)
  @ArgDescription('newest (default) or oldest by placedAt, or largest by totalCents.')
  sort?: (typeof ORDER_SORTS)[number];
}

/** Lookup of `query_GetOrders`. */
export class GetOrdersArgs {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(200)
  @IsInt({ each: true })
  @ArgDescription('Order ids; unknown ids are skipped.')
  ids: number[];
}

/** Filters of `query_ListOrderLines`. */
export class ListOrderLinesArgs extends PageArgs {
  @IsOptional()
  @IsInt()
  orderId?: number;

  @IsOptional()
  @IsInt()
  productId?: number;

  @IsOptional()
  @IsInt()
  customerId?: number;
}

/** One line of `command_PlaceOrder`. */
export class PlaceOrderLine {
  @IsInt()
  productId: number;

  @IsInt()
  @Min(1)
  @Max(10_000)
  @ArgDescription('Units to order.')
  quantity: number;
}

/** Arguments of `command_PlaceOrder`. */
export class PlaceOrderArgs {
  @IsInt()
  customerId: number;

  @IsString()
  @Length(1, 10)
  @ArgDescription('Warehouse that fulfils the order, e.g. BER; every line must be available there.')
  @Normalize('upper')
  warehouseCode: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_ORDER_LINES)
  @ArrayUnique((line: PlaceOrderLine) => line?.productId, { message: 'lines must not repeat a productId' })
  @ValidateNested({ each: true })
  @Type(() => PlaceOrderLine)
  @ArgDescription('Products and quantities, one line per product.')
  lines: PlaceOrderLine[];
}

/** Identifies one order. */
export class OrderIdArgs {
  @IsInt()
  orderId: number;
}

/** Arguments of `command_CancelOrder`. */
export class CancelOrderArgs {
  @IsInt()
  orderId: number;

  @IsOptional()
  @IsString()
  @Length(1, 200)
  @ArgDescription('Why it was cancelled, kept on the order.')
  reason?: string;

  @IsOptional()
  @IsString()
  @Length(1, 10)
  @ArgDescription(
    'Guard: the code of the warehouse the order must be fulfilled by; otherwise nothing is cancelled. ' +
      'Lets an access profile allow cancelling for one warehouse only.',
  )
  @Normalize('upper')
  warehouseCode?: string;
}
