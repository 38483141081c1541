import { Global, Module } from '@nestjs/common';
import { ConfigurableDatabaseModule } from './database.module-definition';
import { DatabaseService } from './database.service';

/**
 * Opens the example plugins' embedded SQLite database, migrates it and seeds it on first start.
 * Global: every plugin module can inject `DatabaseService`.
 *
 * @example
 * ```ts
 * DatabaseModule.forRoot({ path: './data/myko.db' })
 * ```
 * @publicApi
 */
@Global()
@Module({
  providers: [DatabaseService],
  exports: [DatabaseService],
})
export class DatabaseModule extends ConfigurableDatabaseModule {}
