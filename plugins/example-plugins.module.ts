import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule } from './database';
import { InventoryModule } from './inventory';
import { OrdersModule } from './orders';
import { ReportingModule } from './reporting';

/** Options of `ExamplePluginsModule.forRoot()`. */
export interface ExamplePluginsOptions {
  /**
   * SQLite file of the example domain, created and seeded on first start; `:memory:` for tests.
   * @default './data/myko.db'
   */
  databasePath?: string;
  /**
   * Seed a fresh database with the example data set.
   * @default true
   */
  seed?: boolean;
}

/**
 * The example order-to-cash plugins (inventory, orders, reporting) on one embedded SQLite database.
 * Import it next to `RegistryModule` to serve their operations.
 *
 * @example
 * ```ts
 * @Module({ imports: [RegistryModule, ExamplePluginsModule.forRoot({ databasePath: './data/myko.db' })] })
 * export class AppModule {}
 * ```
 * @publicApi
 */
@Module({})
export class ExamplePluginsModule {
  static forRoot(options: ExamplePluginsOptions = {}): DynamicModule {
    return {
      module: ExamplePluginsModule,
      imports: [
        DatabaseModule.forRoot({ path: options.databasePath, seed: options.seed }),
        InventoryModule,
        OrdersModule,
        ReportingModule,
      ],
      exports: [DatabaseModule],
    };
  }
}
