import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { releaseAll } from '../../test/helpers/releases';
import { DatabaseService } from './database.service';

/**
 * Another process holds the fresh file's write lock (as an instance seeding it does) for `holdMs`,
 * then commits; resolves once it holds the lock.
 */
function holdWriteLock(path: string, holdMs: number): Promise<{ done: Promise<void> }> {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(${JSON.stringify(path)});
    db.exec('BEGIN IMMEDIATE; CREATE TABLE other_instance (id INTEGER)');
    process.stdout.write('locked\\n');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${holdMs});
    db.exec('COMMIT');
    db.close();`;
  const child = spawn(process.execPath, ['-e', script], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
  const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.stdout.once('data', () => resolve({ done }));
    child.once('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
}

describe('DatabaseService on a file another instance is preparing', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'myko-db-startup-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('waits for the lock past its command busy timeout (switching to WAL included), then migrates and seeds', async () => {
    const path = join(dir, 'shared.db');
    const holder = await holdWriteLock(path, 1_500);
    // A 100 ms command timeout: the start must still wait for the other instance, not fail "database is locked".
    const service = new DatabaseService({ path, busyTimeoutMs: 100 });
    try {
      expect(service.seeded).toBe(true);
      expect(service.db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(service.db.pragma('busy_timeout', { simple: true })).toBe(100);
    } finally {
      await releaseAll(
        () => service.db.close(),
        () => holder.done,
      );
    }
  });
});
