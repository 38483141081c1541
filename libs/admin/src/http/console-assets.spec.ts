import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE_FILES, ConsoleAssets } from './console-assets';

const FOLDER = join(__dirname, '..', 'console');

describe('ConsoleAssets', () => {
  it('lists exactly the files of the console folder (a new file cannot be forgotten, a listed one cannot be missing)', () => {
    expect(Object.keys(CONSOLE_FILES).sort()).toEqual(readdirSync(FOLDER).sort());
  });

  it('serves a listed file with its content type', () => {
    const assets = new ConsoleAssets(FOLDER);
    expect(assets.get('index.html')?.type).toBe('text/html; charset=utf-8');
    expect(assets.get('console.js')?.body.toString('utf8')).toContain("from './admin-api.js'");
    expect(assets.get('console.css')?.type).toBe('text/css; charset=utf-8');
  });

  it('knows no other name: not a path, not an inherited property', () => {
    const assets = new ConsoleAssets(FOLDER);
    for (const name of ['../admin.module.ts', '..', '', 'INDEX.HTML', '__proto__', 'constructor', 'toString', 'x.js']) {
      expect([name, assets.get(name)]).toEqual([name, undefined]);
    }
  });
});
