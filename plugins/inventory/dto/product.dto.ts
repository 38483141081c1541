import { ArgDescription, Entity, Normalize } from '@myko/registry';
import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Length, ValidateNested } from 'class-validator';
import { Describe } from '../../common/describe.decorator';
import { PageInfo } from '../../common/dto/page-info.dto';

/** Filters of the generated `query_GetProductsByQuery` and `query_CountProducts`. */
export class ProductQuery {
  @IsOptional()
  @IsString()
  @Length(1, 60)
  @ArgDescription('Exact category, case-insensitive, e.g. Electronics.')
  @Normalize('upper')
  category?: string;

  @IsOptional()
  @IsBoolean()
  @ArgDescription('Only active (true) or only discontinued (false) products.')
  active?: boolean;
}

/**
 * A catalogue product. As an entity it brings the generated product reads and counts and the
 * `SetProductName`/`SetProductCategory` setters; no deletes (stock and order lines refer to it).
 */
@Entity({
  idField: 'id',
  description: 'products of the catalogue',
  query: ProductQuery,
  groups: { deletes: false },
  setters: ['name', 'category'],
})
export class Product {
  @IsInt()
  id: number;

  @IsString()
  @Describe('Stock keeping unit, e.g. ELE-001.')
  sku: string;

  @IsString()
  @Length(2, 120)
  name: string;

  @IsString()
  @Length(1, 60)
  @Describe('Product category, e.g. Electronics.')
  category: string;

  @IsInt()
  @Describe('Current list price per unit, in euro cents (12999 = EUR 129.99).')
  unitPriceCents: number;

  @IsBoolean()
  @Describe('False for discontinued products; they cannot be ordered.')
  active: boolean;

  @IsString()
  @Describe('ISO 8601 UTC timestamp.')
  createdAt: string;
}

/** A product after a price change, with the price it replaced: what a rollback restores. */
export class RepricedProduct extends Product {
  @IsInt()
  @Describe('The unit price this change replaced, in euro cents.')
  previousUnitPriceCents: number;
}

/** One page of products. */
export class ProductPage extends PageInfo {
  @ValidateNested({ each: true })
  @Type(() => Product)
  items: Product[];
}

/** A category with its product counts. */
export class CategorySummary {
  @IsString()
  category: string;

  @IsInt()
  productCount: number;

  @IsInt()
  activeProductCount: number;

  @IsInt()
  @Describe('Lowest active unit price in the category, euro cents.')
  minPriceCents: number;

  @IsInt()
  @Describe('Highest active unit price in the category, euro cents.')
  maxPriceCents: number;
}
