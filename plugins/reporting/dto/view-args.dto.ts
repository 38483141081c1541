import { ArgDescription, Normalize } from '@myko/registry';
import { IsInt, IsOptional, IsString, Max, Min, ValidateIf } from 'class-validator';

/** Arguments of `view_OrderSummary`. */
export class OrderSummaryArgs {
  @IsInt()
  orderId: number;
}

/** Arguments of `view_Customer360`. */
export class Customer360Args {
  @IsInt()
  customerId: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(50)
  @ArgDescription('How many recent orders to include. Default 5.')
  recentOrders?: number;
}

/** Arguments of `view_ProductAvailability`: give productId or sku. */
export class ProductAvailabilityArgs {
  @ValidateIf((args: ProductAvailabilityArgs) => args.sku === undefined || args.productId !== undefined)
  @IsInt()
  @ArgDescription('Product id; required unless sku is given.')
  productId?: number;

  @ValidateIf((args: ProductAvailabilityArgs) => args.productId === undefined || args.sku !== undefined)
  @IsString()
  @ArgDescription('Product SKU, e.g. ELE-001; required unless productId is given.')
  @Normalize('upper')
  sku?: string;
}
