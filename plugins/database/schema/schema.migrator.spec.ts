import Database from 'better-sqlite3';
import { SCHEMA_MIGRATIONS } from './schema.migrations';
import { migrateSchema, SchemaTooNewError } from './schema.migrator';

describe('migrateSchema', () => {
  let db: Database.Database;

  beforeEach(() => {
    db = new Database(':memory:');
  });

  afterEach(() => db.close());

  const tables = () =>
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map(
      (t) => t.name,
    );

  it('creates the schema once and is a no-op afterwards', () => {
    expect(migrateSchema(db)).toBe(SCHEMA_MIGRATIONS.at(-1)!.version);
    const created = tables();
    expect(created).toEqual(expect.arrayContaining(['products', 'orders', 'order_lines', 'stock_levels']));
    expect(migrateSchema(db)).toBe(SCHEMA_MIGRATIONS.at(-1)!.version);
    expect(tables()).toEqual(created);
    expect(db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({ n: SCHEMA_MIGRATIONS.length });
  });

  it('applies only the migrations newer than the recorded version', () => {
    migrateSchema(db, [{ version: 1, name: 'one', sql: 'CREATE TABLE a (x INTEGER)' }]);
    const version = migrateSchema(db, [
      { version: 1, name: 'one', sql: 'CREATE TABLE a (x INTEGER)' },
      { version: 2, name: 'two', sql: 'CREATE TABLE b (y INTEGER)' },
    ]);
    expect(version).toBe(2);
    expect(tables()).toEqual(['a', 'b', 'schema_migrations']);
  });

  it('rolls a failing migration back entirely and keeps the previous version', () => {
    migrateSchema(db, [{ version: 1, name: 'one', sql: 'CREATE TABLE a (x INTEGER)' }]);
    const broken = [
      { version: 1, name: 'one', sql: '' },
      { version: 2, name: 'broken', sql: 'CREATE TABLE b (y INTEGER); INSERT INTO missing VALUES (1);' },
    ];
    expect(() => migrateSchema(db, broken)).toThrow(/no such table: missing/);
    expect(tables()).toEqual(['a', 'schema_migrations']);
    expect(db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get()).toEqual({ v: 1 });
  });

  it('refuses a schema newer than the migrations it knows, and changes nothing', () => {
    migrateSchema(db, [
      { version: 1, name: 'one', sql: 'CREATE TABLE a (x INTEGER)' },
      { version: 2, name: 'two', sql: 'CREATE TABLE b (y INTEGER)' },
    ]);
    expect(() => migrateSchema(db, [{ version: 1, name: 'one', sql: '' }])).toThrow(SchemaTooNewError);
    expect(() => migrateSchema(db, [{ version: 1, name: 'one', sql: '' }])).toThrow(
      'database schema is v2, newer than this build knows (v1)',
    );
    expect(tables()).toEqual(['a', 'b', 'schema_migrations']);
  });
});
