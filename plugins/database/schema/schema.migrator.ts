import type Database from 'better-sqlite3';
import { SCHEMA_MIGRATIONS, type SchemaMigration } from './schema.migrations';

/**
 * Brings the schema up to the latest version, idempotently: each pending migration runs in its own
 * transaction and is recorded in `schema_migrations`. Returns the resulting version.
 */
export function migrateSchema(
  db: Database.Database,
  migrations: readonly SchemaMigration[] = SCHEMA_MIGRATIONS,
): number {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  let current = currentVersion(db);
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, new Date().toISOString());
    }).immediate();
    current = migration.version;
  }
  return current;
}

function currentVersion(db: Database.Database): number {
  const row = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as { version: number | null };
  return row.version ?? 0;
}
