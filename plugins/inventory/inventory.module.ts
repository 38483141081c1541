import { Module } from '@nestjs/common';
import { InventoryOperations } from './inventory.operations';
import { ProductEntityStore } from './product.entity-store';
import { ProductRepository } from './product.repository';
import { ProductService } from './product.service';
import { StockRepository } from './stock.repository';
import { StockService } from './stock.service';

/**
 * Products, warehouses, stock levels and stock movements. Needs `DatabaseModule` (global) in the app.
 * Exports the stock rules that order commands use.
 * @publicApi
 */
@Module({
  providers: [
    ProductEntityStore,
    ProductRepository,
    ProductService,
    StockRepository,
    StockService,
    InventoryOperations,
  ],
  exports: [ProductRepository, StockRepository, StockService],
})
export class InventoryModule {}
