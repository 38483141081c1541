import type Database from 'better-sqlite3';
import { SCHEMA_MIGRATIONS, type SchemaMigration } from './schema.migrations';

/** The database was written by a newer build than this one: refusing beats misreading its tables. */
export class SchemaTooNewError extends Error {
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(`database schema is v${found}, newer than this build knows (v${known}): run the newer build on it`);
    this.name = 'SchemaTooNewError';
  }
}

/**
 * Brings the schema up to the latest version, idempotently, in one `BEGIN IMMEDIATE` transaction (a
 * savepoint when the caller holds one): the version is read under the write lock, so of several instances
 * starting at once on a fresh file one migrates and the others, once the lock is theirs, find nothing to do.
 * A failing migration rolls the whole run back. Returns the resulting version.
 */
export function migrateSchema(
  db: Database.Database,
  migrations: readonly SchemaMigration[] = SCHEMA_MIGRATIONS,
): number {
  const known = migrations.at(-1)?.version ?? 0;
  return db
    .transaction(() => {
      db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version    INTEGER PRIMARY KEY,
        name       TEXT NOT NULL,
        applied_at TEXT NOT NULL
      )`);
      let current = currentVersion(db);
      if (current > known) throw new SchemaTooNewError(current, known);
      const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
      for (const migration of migrations) {
        if (migration.version <= current) continue;
        db.exec(migration.sql);
        record.run(migration.version, migration.name, new Date().toISOString());
        current = migration.version;
      }
      return current;
    })
    .immediate();
}

function currentVersion(db: Database.Database): number {
  const row = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as { version: number | null };
  return row.version ?? 0;
}
