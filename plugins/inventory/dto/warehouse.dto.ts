import { IsInt, IsString } from 'class-validator';
import { Describe } from '../../common/describe.decorator';

/** A warehouse with its stock totals. */
export class Warehouse {
  @IsInt()
  id: number;

  @IsString()
  @Describe('Short code used as an argument elsewhere, e.g. BER.')
  code: string;

  @IsString()
  name: string;

  @IsString()
  city: string;

  @IsInt()
  @Describe('Units physically in the warehouse, all products.')
  unitsOnHand: number;

  @IsInt()
  @Describe('Units held for open (pending or paid) orders.')
  unitsReserved: number;

  @IsInt()
  @Describe('Products whose available units are at or below their reorder point here.')
  lowStockProducts: number;
}
