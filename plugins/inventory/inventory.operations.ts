import { Command, type OperationContext, Query } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { CategorySummary, Product, ProductPage, RepricedProduct } from './dto/product.dto';
import {
  CreateProductArgs,
  GetProductsArgs,
  ListProductsArgs,
  ProductIdArgs,
  UpdateProductPriceArgs,
} from './dto/product-args.dto';
import { StockLevel, StockLevelPage, StockMovementPage, StockTransfer } from './dto/stock.dto';
import {
  AdjustStockArgs,
  ListStockLevelsArgs,
  ListStockMovementsArgs,
  RestockProductArgs,
  TransferStockArgs,
} from './dto/stock-args.dto';
import { Warehouse } from './dto/warehouse.dto';
import { ProductRepository } from './product.repository';
import { ProductService } from './product.service';
import { StockRepository } from './stock.repository';
import { StockService } from './stock.service';

/** Catalogue and stock operations. Money is euro cents; quantities are units. */
@Injectable()
export class InventoryOperations {
  constructor(
    private readonly products: ProductRepository,
    private readonly productService: ProductService,
    private readonly stock: StockRepository,
    private readonly stockService: StockService,
  ) {}

  @Query({
    description:
      'Page through the product catalogue ordered by SKU, filtered by category, active flag, text in name/SKU ' +
      'or unit price range (euro cents). Returns { items, total, nextOffset }.',
    args: ListProductsArgs,
    output: ProductPage,
    keywords: ['catalogue', 'catalog', 'items', 'articles', 'search products', 'price list', 'sku'],
    reads: ['Product'],
  })
  ListProducts(args: ListProductsArgs) {
    return this.products.list(args);
  }

  @Query({
    description: 'Fetch products by id and/or SKU in one call; unknown ids are skipped. Prices in euro cents.',
    args: GetProductsArgs,
    output: [Product],
    keywords: ['look up product', 'product details', 'find product by sku', 'article'],
    reads: ['Product'],
  })
  GetProducts(args: GetProductsArgs) {
    return this.products.getMany(args.ids ?? [], args.skus ?? []);
  }

  @Query({
    description: 'All product categories with product counts and the active price range (euro cents).',
    output: [CategorySummary],
    keywords: ['product categories', 'product groups', 'price range', 'assortment'],
    reads: ['Product'],
  })
  ListCategories() {
    return this.products.listCategories();
  }

  @Query({
    description:
      'All warehouses (code, name, city) with units on hand, units reserved for open orders and the number ' +
      'of low-stock products. Use the code as warehouseCode elsewhere.',
    output: [Warehouse],
    keywords: ['locations', 'depots', 'sites', 'warehouse codes', 'distribution centres'],
    reads: ['Warehouse', 'StockLevel', 'Product'],
  })
  ListWarehouses() {
    return this.stock.listWarehouses();
  }

  @Query({
    description:
      'Page through stock levels (one per product and warehouse, ordered by SKU then warehouse): on hand, ' +
      'reserved, available = on hand - reserved, reorder point. Filter by product, warehouse, category or ' +
      'belowReorderPoint.',
    args: ListStockLevelsArgs,
    output: StockLevelPage,
    keywords: ['inventory', 'on hand', 'quantity in stock', 'availability', 'stock on hand', 'reorder point'],
    reads: ['StockLevel', 'Product', 'Warehouse'],
  })
  ListStockLevels(args: ListStockLevelsArgs) {
    return this.stock.listLevels(args);
  }

  @Query({
    description:
      'Page through stock movements (receipts, restocks, adjustments, shipments, transfers), newest first, ' +
      'filtered by product, warehouse, reason, order or day range. Quantities are signed units.',
    args: ListStockMovementsArgs,
    output: StockMovementPage,
    keywords: ['stock history', 'inventory history', 'movement log', 'ledger', 'receipts', 'audit trail'],
    reads: ['StockMovement', 'Product', 'Warehouse'],
  })
  ListStockMovements(args: ListStockMovementsArgs) {
    return this.stock.listMovements(args);
  }

  @Command({
    description:
      'Add a product to the catalogue (active, zero stock in every warehouse). Fails with a conflict when the ' +
      'SKU exists. Price in euro cents.',
    args: CreateProductArgs,
    output: Product,
    keywords: ['new product', 'add product', 'add item to catalogue', 'new sku'],
    writes: ['Product', 'StockLevel'],
  })
  CreateProduct(args: CreateProductArgs, ctx: OperationContext) {
    const product = this.productService.create(args);
    ctx.log.info(`Created product ${product.sku}`, { productId: product.id });
    return product;
  }

  @Command({
    description:
      "Set a product's unit price (euro cents) for future orders; placed orders keep their price. " +
      'Overwrites the previous price.',
    args: UpdateProductPriceArgs,
    output: RepricedProduct,
    idempotent: true,
    destructive: true,
    keywords: ['change price', 'reprice', 'set price', 'price change', 'discount', 'price increase'],
    writes: ['Product'],
    // A rollback sets the price it replaced again (it answers it as previousUnitPriceCents).
    compensate: {
      command: 'UpdateProductPrice',
      args: (args: UpdateProductPriceArgs, result: RepricedProduct) => ({
        productId: args.productId,
        unitPriceCents: result.previousUnitPriceCents,
      }),
    },
    // Plan mode shows the price it would replace.
    preview(this: InventoryOperations, args: UpdateProductPriceArgs) {
      return this.productService.pricePreview(args);
    },
  })
  UpdateProductPrice(args: UpdateProductPriceArgs) {
    return this.productService.updatePrice(args);
  }

  @Command({
    description: 'Discontinue a product: it can no longer be ordered; stock and history stay. No effect if inactive.',
    args: ProductIdArgs,
    output: Product,
    idempotent: true,
    keywords: ['discontinue', 'retire product', 'delist', 'disable product', 'stop selling'],
    writes: ['Product'],
    // It stops sales of the product: a script asks the user first.
    approval: true,
    // A rollback makes it orderable again (a declarative mapping: the same product).
    compensate: { command: 'ActivateProduct', args: { productId: 'args.productId' } },
  })
  DeactivateProduct(args: ProductIdArgs) {
    return this.productService.setActive(args.productId, false);
  }

  @Command({
    description: 'Make a discontinued product orderable again. No effect if already active.',
    args: ProductIdArgs,
    output: Product,
    idempotent: true,
    keywords: ['reactivate product', 'enable product', 'relist', 'resume selling'],
    writes: ['Product'],
  })
  ActivateProduct(args: ProductIdArgs) {
    return this.productService.setActive(args.productId, true);
  }

  @Command({
    description:
      'Receive units of a product into a warehouse (a supplier delivery): on hand grows, a restock movement ' +
      'is recorded. Returns the new stock level. Not idempotent: each call adds again.',
    args: RestockProductArgs,
    output: StockLevel,
    keywords: ['receive goods', 'replenish', 'supplier delivery', 'add stock', 'goods receipt', 'refill inventory'],
    writes: ['StockLevel', 'StockMovement'],
    // A rollback takes the units out again, as an adjustment movement (refused if orders reserved them since).
    compensate: {
      command: 'AdjustStock',
      args: (args: RestockProductArgs) => ({
        productId: args.productId,
        warehouseCode: args.warehouseCode,
        quantityDelta: -args.quantity,
        note: 'rollback of a restock',
      }),
    },
  })
  RestockProduct(args: RestockProductArgs, ctx: OperationContext) {
    const level = this.stockService.restock(args);
    ctx.log.info(`Restocked ${level.sku} in ${level.warehouseCode} by ${args.quantity}`);
    return level;
  }

  @Command({
    description:
      'Correct on-hand units after a count, damage or loss (signed quantityDelta, with a note); records an ' +
      'adjustment movement. Refused when on hand would fall below the units reserved for open orders.',
    args: AdjustStockArgs,
    output: StockLevel,
    keywords: [
      'stock correction',
      'inventory count',
      'stocktake',
      'write off',
      'shrinkage',
      'damaged goods',
      'lost units',
    ],
    writes: ['StockLevel', 'StockMovement'],
  })
  AdjustStock(args: AdjustStockArgs, ctx: OperationContext) {
    const level = this.stockService.adjust(args);
    ctx.log.info(`Adjusted ${level.sku} in ${level.warehouseCode} by ${args.quantityDelta}`);
    return level;
  }

  @Command({
    description:
      'Move available units of a product from one warehouse to another in one step (two movements). Refused ' +
      'when the source has fewer available units. Returns both stock levels afterwards.',
    args: TransferStockArgs,
    output: StockTransfer,
    keywords: [
      'move stock',
      'relocate inventory',
      'rebalance warehouses',
      'inter-warehouse transfer',
      'ship between warehouses',
    ],
    writes: ['StockLevel', 'StockMovement'],
  })
  TransferStock(args: TransferStockArgs, ctx: OperationContext) {
    const transfer = this.stockService.transfer(args);
    ctx.log.info(
      `Transferred ${args.quantity} of ${transfer.from.sku} ${transfer.from.warehouseCode} -> ${transfer.to.warehouseCode}`,
    );
    return transfer;
  }
}
