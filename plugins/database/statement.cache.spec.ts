import Database from 'better-sqlite3';
import { cacheStatements } from './statement.cache';

describe('cacheStatements', () => {
  let db: Database.Database;

  beforeEach(() => {
    db = new Database(':memory:');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
  });

  afterEach(() => db.close());

  it('prepares each SQL text once and gives every caller the same statement', () => {
    cacheStatements(db);
    const first = db.prepare('SELECT name FROM t WHERE id = ?');
    expect(db.prepare('SELECT name FROM t WHERE id = ?')).toBe(first);
    expect(db.prepare('SELECT id FROM t')).not.toBe(first);
  });

  it('a shared statement answers each call with its own bindings', () => {
    cacheStatements(db);
    const insert = 'INSERT INTO t (name) VALUES (?)';
    db.prepare(insert).run('a');
    db.prepare(insert).run('b');
    const byId = 'SELECT name FROM t WHERE id = ?';
    expect(db.prepare(byId).get(2)).toEqual({ name: 'b' });
    expect(db.prepare(byId).get(1)).toEqual({ name: 'a' });
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 2 });
  });

  it('past its bound drops the least recently used statement', () => {
    cacheStatements(db, 2);
    const a = db.prepare('SELECT 1');
    const b = db.prepare('SELECT 2');
    expect(db.prepare('SELECT 1')).toBe(a);
    db.prepare('SELECT 3');
    expect(db.prepare('SELECT 1')).toBe(a);
    expect(db.prepare('SELECT 2')).not.toBe(b);
  });

  it('transactions keep working (better-sqlite3 prepares their statements natively)', () => {
    cacheStatements(db);
    const insert = db.transaction((name: string) => db.prepare('INSERT INTO t (name) VALUES (?)').run(name));
    insert.immediate('x');
    expect(() =>
      db.transaction(() => {
        db.prepare('INSERT INTO t (name) VALUES (?)').run('y');
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    expect(db.prepare('SELECT name FROM t').all()).toEqual([{ name: 'x' }]);
  });
});
