import { ArgDescription } from '@myko/registry';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { type DateRangeArgs, RangeFrom, RangeTo } from '../../common/dto/date-range-args';
import { CategoryArg, WarehouseCodeArg } from '../../common/dto/scope-args';
import { IsDay } from '../../common/is-day.decorator';
import { CUSTOMER_SEGMENTS, type CustomerSegment } from '../../orders';

const WAREHOUSE = 'Only this warehouse code, e.g. BER.';

/** Arguments of `report_SalesByDay`. */
export class SalesByDayArgs {
  @IsDay()
  @ArgDescription('First day included, YYYY-MM-DD (UTC).')
  from: string;

  @IsDay()
  @ArgDescription('Last day included, YYYY-MM-DD (UTC); at most 366 days after from.')
  to: string;

  @WarehouseCodeArg(WAREHOUSE)
  warehouseCode?: string;

  @CategoryArg('Only lines of products in this category.')
  category?: string;
}

/** Arguments of `report_LowStock`. */
export class LowStockArgs {
  @WarehouseCodeArg(WAREHOUSE)
  warehouseCode?: string;

  @CategoryArg('Only products in this category.')
  category?: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(200)
  @ArgDescription('Maximum rows, most urgent first. Default 50.')
  limit?: number;
}

/** Arguments of `report_TopCustomers`. */
export class TopCustomersArgs implements DateRangeArgs {
  @RangeFrom()
  from?: string;

  @RangeTo()
  to?: string;

  @IsOptional()
  @IsIn(CUSTOMER_SEGMENTS)
  segment?: CustomerSegment;

  @IsOptional()
  @IsIn(['revenue', 'orders'])
  @ArgDescription('Rank by revenue (default) or by number of orders.')
  by?: 'revenue' | 'orders';

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  @ArgDescription('Number of customers. Default 10.')
  limit?: number;
}

/** Arguments of `report_TopProducts`. */
export class TopProductsArgs implements DateRangeArgs {
  @RangeFrom()
  from?: string;

  @RangeTo()
  to?: string;

  @CategoryArg('Only products in this category.')
  category?: string;

  @IsOptional()
  @IsIn(['revenue', 'units'])
  @ArgDescription('Rank by revenue (default) or by units sold.')
  by?: 'revenue' | 'units';

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  @ArgDescription('Number of products. Default 10.')
  limit?: number;
}

/** Arguments of `report_RevenueByCategory`. */
export class RevenueByCategoryArgs implements DateRangeArgs {
  @RangeFrom()
  from?: string;

  @RangeTo()
  to?: string;

  @WarehouseCodeArg(WAREHOUSE)
  warehouseCode?: string;
}

/** Arguments of `report_InventoryValuation`. */
export class InventoryValuationArgs {
  @IsOptional()
  @IsIn(['warehouse', 'category'])
  @ArgDescription('One row per warehouse (default) or per category.')
  groupBy?: 'warehouse' | 'category';

  @WarehouseCodeArg(WAREHOUSE)
  warehouseCode?: string;
}
