import { ArgDescription, Normalize } from '@myko/registry';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
} from 'class-validator';
import { PageArgs } from '../../common/dto/page-args.dto';
import { CategoryArg } from '../../common/dto/scope-args';

/** Filters of `query_ListProducts`. */
export class ListProductsArgs extends PageArgs {
  @CategoryArg('Exact category name, e.g. "Furniture" (see query_ListCategories).')
  category?: string;

  @IsOptional()
  @IsBoolean()
  @ArgDescription('true: only orderable products; false: only discontinued ones. Omit for both.')
  active?: boolean;

  @IsOptional()
  @IsString()
  @Length(1, 100)
  @ArgDescription('Case-insensitive text contained in the name or SKU.')
  @Normalize('lower')
  search?: string;

  @IsOptional()
  @IsInt()
  @Min(0)
  @ArgDescription('Minimum unit price, euro cents, inclusive.')
  minPriceCents?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @ArgDescription('Maximum unit price, euro cents, inclusive.')
  maxPriceCents?: number;
}

/** Lookup of `query_GetProducts`. */
export class GetProductsArgs {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsInt({ each: true })
  @ArgDescription('Product ids to fetch.')
  ids?: number[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsString({ each: true })
  @ArgDescription('SKUs to fetch (exact, case-insensitive).')
  @Normalize('upper')
  skus?: string[];
}

/** Arguments of `command_CreateProduct`. */
export class CreateProductArgs {
  @IsString()
  @Matches(/^[A-Z]{3}-\d{3,6}$/, { message: 'sku must look like ABC-123 (3 capitals, dash, 3-6 digits)' })
  @ArgDescription('New unique SKU: 3 capitals, a dash, 3-6 digits, e.g. TOO-009.')
  sku: string;

  @IsString()
  @Length(2, 120)
  name: string;

  @IsString()
  @Length(2, 60)
  @ArgDescription('Category name; an existing one (query_ListCategories) or a new one.')
  category: string;

  @IsInt()
  @Min(0)
  @Max(100_000_000)
  @ArgDescription('Unit price in euro cents.')
  unitPriceCents: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100_000)
  @ArgDescription('Reorder point set in every warehouse, in units. Default 10.')
  reorderPoint?: number;
}

/** Arguments of `command_UpdateProductPrice`. */
export class UpdateProductPriceArgs {
  @IsInt()
  productId: number;

  @IsInt()
  @Min(0)
  @Max(100_000_000)
  @ArgDescription('New unit price in euro cents. Existing orders keep the price they were placed at.')
  unitPriceCents: number;
}

/** Identifies one product. */
export class ProductIdArgs {
  @IsInt()
  productId: number;
}
