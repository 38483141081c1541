import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import Database from 'better-sqlite3';
import {
  DEFAULT_BUSY_TIMEOUT_MS,
  DEFAULT_DATABASE_PATH,
  IN_MEMORY_DATABASE,
  STARTUP_BUSY_TIMEOUT_MS,
} from './database.constants';
import { DATABASE_MODULE_OPTIONS } from './database.module-definition';
import type { DatabaseModuleOptions } from './interfaces/database-options.interface';
import { migrateSchema } from './schema/schema.migrator';
import { seedIfEmpty } from './seed/database.seeder';
import { cacheStatements } from './statement.cache';

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
    const busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
    this.db = openDatabase(this.path, busyTimeoutMs);
    try {
      // Migration and seed in one write transaction: the first of several instances starting on a fresh
      // file does both; the others wait for its lock (longer than a command would) and find nothing to do.
      const prepared = withBusyTimeout(this.db, Math.max(busyTimeoutMs, STARTUP_BUSY_TIMEOUT_MS), () =>
        this.db
          .transaction(() => {
            const version = migrateSchema(this.db);
            return { version, seeded: options.seed !== false && seedIfEmpty(this.db) };
          })
          .immediate(),
      );
      this.schemaVersion = prepared.version;
      this.seeded = prepared.seeded;
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

/** Pause between two tries of switching a file to WAL while another instance holds its lock. */
const WAL_RETRY_MS = 25;

function resolvePath(path: string): string {
  return path === IN_MEMORY_DATABASE ? path : resolve(path);
}

function openDatabase(path: string, busyTimeoutMs: number): Database.Database {
  if (path !== IN_MEMORY_DATABASE) mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { timeout: busyTimeoutMs });
  try {
    db.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
    // WAL lets readers proceed while a command writes, in this process and in other instances on the file
    // (it is persistent: the first instance switches the file, the others find it so). Set before any
    // transaction; it has no meaning for an in-memory database.
    if (path !== IN_MEMORY_DATABASE) switchToWal(db, Math.max(busyTimeoutMs, STARTUP_BUSY_TIMEOUT_MS));
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    cacheStatements(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * `journal_mode = WAL` needs the file's exclusive lock, and SQLite answers SQLITE_BUSY at once instead of
 * calling the busy handler when another instance holds a lock (seeding a fresh file holds it for the whole
 * seed): retried here for up to `waitMs`. A start-up step, so a synchronous wait between tries is fine.
 */
function switchToWal(db: Database.Database, waitMs: number): void {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      const busy = (error as { code?: string }).code === 'SQLITE_BUSY';
      if (!busy || Date.now() >= deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, WAL_RETRY_MS);
    }
  }
}

/** Runs `fn` with another busy timeout, then restores the connection's own. */
function withBusyTimeout<T>(db: Database.Database, ms: number, fn: () => T): T {
  const own = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma(`busy_timeout = ${Math.trunc(ms)}`);
  try {
    return fn();
  } finally {
    db.pragma(`busy_timeout = ${own}`);
  }
}
