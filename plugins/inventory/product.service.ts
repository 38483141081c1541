import { ConflictError } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database';
import type { Product, RepricedProduct } from './dto/product.dto';
import type { CreateProductArgs, UpdateProductPriceArgs } from './dto/product-args.dto';
import { DEFAULT_REORDER_POINT } from './inventory.constants';
import { ProductRepository } from './product.repository';
import { StockRepository } from './stock.repository';

/** Catalogue-changing rules; every method is atomic. */
@Injectable()
export class ProductService {
  constructor(
    private readonly database: DatabaseService,
    private readonly products: ProductRepository,
    private readonly stock: StockRepository,
  ) {}

  create(args: CreateProductArgs): Product {
    return this.database.transaction(() => {
      const existing = this.products.findBySku(args.sku);
      if (existing)
        throw new ConflictError(`SKU ${args.sku} is already used by product ${existing.id}`, 'duplicate_sku');
      const id = this.products.insert(args);
      this.stock.createLevels(id, args.reorderPoint ?? DEFAULT_REORDER_POINT);
      return this.products.requireById(id);
    });
  }

  /** Sets the price; answers the product with the price it replaced (a rollback restores it). */
  updatePrice(args: UpdateProductPriceArgs): RepricedProduct {
    return this.database.transaction(() => {
      const previousUnitPriceCents = this.products.requireById(args.productId).unitPriceCents;
      this.products.updatePrice(args.productId, args.unitPriceCents);
      return { ...this.products.requireById(args.productId), previousUnitPriceCents };
    });
  }

  /** What `updatePrice` would change, read only (plan mode's preview). */
  pricePreview(args: UpdateProductPriceArgs): {
    productId: number;
    sku: string;
    unitPriceCents: { from: number; to: number };
  } {
    const product = this.products.requireById(args.productId);
    return {
      productId: product.id,
      sku: product.sku,
      unitPriceCents: { from: product.unitPriceCents, to: args.unitPriceCents },
    };
  }

  setActive(productId: number, active: boolean): Product {
    return this.database.transaction(() => {
      this.products.requireById(productId);
      this.products.setActive(productId, active);
      return this.products.requireById(productId);
    });
  }
}
