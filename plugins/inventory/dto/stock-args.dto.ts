import { ArgDescription } from '@myko/registry';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Max, Min, NotEquals } from 'class-validator';
import { type DateRangeArgs, RangeFrom, RangeTo } from '../../common/dto/date-range-args';
import { PageArgs } from '../../common/dto/page-args.dto';
import { CategoryArg, WarehouseCodeArg } from '../../common/dto/scope-args';
import { MOVEMENT_REASONS, type MovementReason } from '../inventory.constants';

const WAREHOUSE_CODE = 'Warehouse code, e.g. BER (see ListWarehouses).';

/** Filters of `query_ListStockLevels`. */
export class ListStockLevelsArgs extends PageArgs {
  @IsOptional()
  @IsInt()
  productId?: number;

  @WarehouseCodeArg(WAREHOUSE_CODE)
  warehouseCode?: string;

  @CategoryArg('Exact category name.')
  category?: string;

  @IsOptional()
  @IsBoolean()
  @ArgDescription('true: only levels whose available units are at or below the reorder point.')
  belowReorderPoint?: boolean;
}

/** Filters of `query_ListStockMovements`. */
export class ListStockMovementsArgs extends PageArgs implements DateRangeArgs {
  @IsOptional()
  @IsInt()
  productId?: number;

  @WarehouseCodeArg(WAREHOUSE_CODE)
  warehouseCode?: string;

  @IsOptional()
  @IsIn(MOVEMENT_REASONS)
  reason?: MovementReason;

  @IsOptional()
  @IsInt()
  orderId?: number;

  @RangeFrom('First day included, YYYY-MM-DD (UTC).')
  from?: string;

  @RangeTo('Last day included, YYYY-MM-DD (UTC).')
  to?: string;
}

/** Arguments of `command_AdjustStock`. */
export class AdjustStockArgs {
  @IsInt()
  productId: number;

  @WarehouseCodeArg(WAREHOUSE_CODE, { required: true })
  warehouseCode: string;

  @IsInt()
  @NotEquals(0)
  @Min(-100_000)
  @Max(100_000)
  @ArgDescription('Units to add (positive) or remove (negative), e.g. -3 after a stock count found 3 damaged.')
  quantityDelta: number;

  @IsString()
  @Length(3, 200)
  @ArgDescription('Why, recorded on the movement (e.g. "cycle count correction").')
  note: string;
}

/** Arguments of `command_RestockProduct`. */
export class RestockProductArgs {
  @IsInt()
  productId: number;

  @WarehouseCodeArg(WAREHOUSE_CODE, { required: true })
  warehouseCode: string;

  @IsInt()
  @Min(1)
  @Max(100_000)
  @ArgDescription('Units received.')
  quantity: number;

  @IsOptional()
  @IsString()
  @Length(1, 200)
  @ArgDescription('Optional note, e.g. a supplier delivery number.')
  note?: string;
}

/** Arguments of `command_TransferStock`. */
export class TransferStockArgs {
  @IsInt()
  productId: number;

  @WarehouseCodeArg('Warehouse code the units leave.', { required: true })
  fromWarehouseCode: string;

  @WarehouseCodeArg('Warehouse code the units arrive at; must differ from fromWarehouseCode.', { required: true })
  toWarehouseCode: string;

  @IsInt()
  @Min(1)
  @Max(100_000)
  @ArgDescription('Units to move; at most the available units at the source.')
  quantity: number;
}
