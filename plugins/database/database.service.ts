import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import Database from 'better-sqlite3';
import { DEFAULT_BUSY_TIMEOUT_MS, DEFAULT_DATABASE_PATH, IN_MEMORY_DATABASE } from './database.constants';
import { DATABASE_MODULE_OPTIONS } from './database.module-definition';
import type { DatabaseModuleOptions } from './interfaces/database-options.interface';
import { migrateSchema } from './schema/schema.migrator';
import { seedIfEmpty } from './seed/database.seeder';

/**
 * The one connection to the example SQLite database. Opening it applies pending migrations and,
 * on a database that was never seeded, writes the deterministic example data.
 * @publicApi
 */
@Injectable()
export class DatabaseService implements OnApplicationShutdown {
  /** The better-sqlite3 connection. Synchronous: keep statements short. */
  readonly db: Database.Database;
  /** The resolved file path, or `:memory:`. */
  readonly path: string;
  /** Schema version after migrations. */
  readonly schemaVersion: number;
  /** True when this start seeded the database (first start only). */
  readonly seeded: boolean;
  private readonly logger = new Logger(DatabaseService.name);

  constructor(@Inject(DATABASE_MODULE_OPTIONS) options: DatabaseModuleOptions) {
    this.path = resolvePath(options.path ?? DEFAULT_DATABASE_PATH);
    this.db = openDatabase(this.path, options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS);
    try {
      this.schemaVersion = migrateSchema(this.db);
      this.seeded = options.seed !== false && seedIfEmpty(this.db);
    } catch (error) {
      this.db.close();
      throw error;
    }
    this.logger.log(`SQLite ${this.path} at schema v${this.schemaVersion}${this.seeded ? ', seeded' : ''}`);
  }

  /**
   * Runs `fn` in one transaction: committed when it returns, rolled back when it throws (the error is
   * rethrown). `fn` must be synchronous; better-sqlite3 cannot hold a transaction across an `await`.
   * Nested calls become savepoints.
   */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  /** At application shutdown, after the gateways' drain: in-flight commands still commit. */
  onApplicationShutdown(): void {
    if (this.db.open) this.db.close();
  }
}

function resolvePath(path: string): string {
  return path === IN_MEMORY_DATABASE ? path : resolve(path);
}

function openDatabase(path: string, busyTimeoutMs: number): Database.Database {
  if (path !== IN_MEMORY_DATABASE) mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { timeout: busyTimeoutMs });
  // WAL lets readers proceed while a command writes; it has no meaning for an in-memory database.
  if (path !== IN_MEMORY_DATABASE) db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
  db.pragma('synchronous = NORMAL');
  return db;
}
