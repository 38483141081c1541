import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { Describe } from '../../common/describe.decorator';
import { PageInfo } from '../../common/dto/page-info.dto';
import { MOVEMENT_REASONS, type MovementReason } from '../inventory.constants';

/** Stock of one product in one warehouse. All quantities are units. */
export class StockLevel {
  @IsInt()
  productId: number;

  @IsString()
  sku: string;

  @IsString()
  productName: string;

  @IsString()
  warehouseCode: string;

  @IsInt()
  @Describe('Units physically in the warehouse.')
  onHand: number;

  @IsInt()
  @Describe('Units held for open (pending or paid) orders; they leave on shipping.')
  reserved: number;

  @IsInt()
  @Describe('onHand - reserved: units that new orders can take.')
  available: number;

  @IsInt()
  @Describe('Replenish when available falls to this level or below.')
  reorderPoint: number;

  @IsBoolean()
  @Describe('available <= reorderPoint.')
  belowReorderPoint: boolean;
}

/** One page of stock levels. */
export class StockLevelPage extends PageInfo {
  @ValidateNested({ each: true })
  @Type(() => StockLevel)
  items: StockLevel[];
}

/** A physical change of on-hand stock. Reservations are not movements. */
export class StockMovement {
  @IsInt()
  id: number;

  @IsInt()
  productId: number;

  @IsString()
  sku: string;

  @IsString()
  warehouseCode: string;

  @IsInt()
  @Describe('Units added (positive) or removed (negative).')
  quantityDelta: number;

  @IsIn(MOVEMENT_REASONS)
  reason: MovementReason;

  @IsOptional()
  @IsInt()
  @Describe('The order that caused it (shipments), else null.')
  orderId: number | null;

  @IsOptional()
  @IsString()
  note: string | null;

  @IsString()
  @Describe('ISO 8601 UTC timestamp.')
  createdAt: string;
}

/** One page of stock movements. */
export class StockMovementPage extends PageInfo {
  @ValidateNested({ each: true })
  @Type(() => StockMovement)
  items: StockMovement[];
}

/** The two stock levels after a transfer. */
export class StockTransfer {
  @IsInt()
  quantity: number;

  @ValidateNested()
  @Type(() => StockLevel)
  from: StockLevel;

  @ValidateNested()
  @Type(() => StockLevel)
  to: StockLevel;
}
