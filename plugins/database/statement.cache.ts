import type Database from 'better-sqlite3';

/** Distinct SQL texts kept prepared; past it the oldest is dropped (dynamic filters make a few hundred). */
export const MAX_CACHED_STATEMENTS = 500;

/**
 * Makes `db.prepare(sql)` return one prepared statement per SQL text instead of a new one each call.
 * Why: the repositories prepare their SQL on every call, and under a flood of small queries (three scripts
 * of 200 `GetCustomers` each) compiling it and finalizing the discarded statements in GC held the main thread
 * 30–55 ms at a time. Safe here because every statement runs to completion synchronously (`get`, `all`,
 * `run`; no `iterate`) and none changes its mode (`pluck`, `raw`, `expand`, `safeIntegers`), so sharing one
 * between callers is indistinguishable from preparing it anew.
 */
export function cacheStatements(db: Database.Database, max = MAX_CACHED_STATEMENTS): void {
  const prepare = db.prepare.bind(db);
  const cache = new Map<string, Database.Statement>();
  const cached = (sql: string): Database.Statement => {
    const hit = cache.get(sql);
    if (hit) {
      // Most recently used last: the first entry is the one to drop.
      cache.delete(sql);
      cache.set(sql, hit);
      return hit;
    }
    const statement = prepare(sql);
    if (cache.size >= max) cache.delete(cache.keys().next().value as string);
    cache.set(sql, statement);
    return statement;
  };
  db.prepare = cached as Database.Database['prepare'];
}
