import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createAppConfig } from '../../src/config/app.config';
import { startTestServer, type TestServer } from './test-server';

/** The service on a SQLite file and a config file in a fresh directory, as `serve --db <file> --config <file>`. */
export interface FileBackedServer {
  readonly server: TestServer;
  /** The fresh directory: the config, the database and any relative path of the config (`audit.log`). */
  readonly dir: string;
  readonly databasePath: string;
}

export interface FileBackedServerOptions {
  /** Start of the directory's name (`myko-executions-`). */
  readonly prefix: string;
  /** Written as `myko.config.json`. */
  readonly config: Record<string, unknown>;
  /** The environment the config reads (`MYKO_ADMIN_KEY`). */
  readonly env?: Record<string, string>;
}

/**
 * One server for the tests of a file: started before them (declare it before any `beforeAll` that uses it),
 * closed and its directory removed after them. Its fields throw until `beforeAll` has run.
 */
export function useFileBackedServer(options: FileBackedServerOptions): FileBackedServer {
  let started: FileBackedServer | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), options.prefix));
    const configPath = join(dir, 'myko.config.json');
    writeFileSync(configPath, JSON.stringify(options.config));
    const databasePath = join(dir, 'myko.db');
    const cli = { host: '127.0.0.1', port: 0, databasePath, configPath };
    const server = await startTestServer(createAppConfig('serve', cli, options.env ?? {}));
    started = { server, dir, databasePath };
  });
  afterAll(async () => {
    await started?.server.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const get = (): FileBackedServer => {
    if (!started) throw new Error('the server is not started yet (use it inside a test or hook)');
    return started;
  };
  return {
    get server() {
      return get().server;
    },
    get dir() {
      return get().dir;
    },
    get databasePath() {
      return get().databasePath;
    },
  };
}

/** One row of `sql` (with `params`) from the SQLite file at `databasePath`, opened read-only for it. */
export function readRow<T>(databasePath: string, sql: string, ...params: unknown[]): T {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...params) as T;
  } finally {
    db.close();
  }
}
