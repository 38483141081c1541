export {
  DEFAULT_DATABASE_PATH,
  IN_MEMORY_DATABASE,
  SEED_HISTORY_DAYS,
  SEED_REFERENCE_DATE,
} from './database.constants';
export { DatabaseModule } from './database.module';
export { DATABASE_MODULE_OPTIONS } from './database.module-definition';
export { DatabaseService } from './database.service';
export type { DatabaseModuleOptions } from './interfaces/database-options.interface';
export { SqliteEntityStore, type SqliteEntityTable } from './sqlite-entity.store';
