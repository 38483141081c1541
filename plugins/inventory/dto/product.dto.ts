import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsString, ValidateNested } from 'class-validator';
import { Describe } from '../../common/describe.decorator';
import { PageInfo } from '../../common/dto/page-info.dto';

/** A catalogue product. */
export class Product {
  @IsInt()
  id: number;

  @IsString()
  @Describe('Stock keeping unit, e.g. ELE-001.')
  sku: string;

  @IsString()
  name: string;

  @IsString()
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
