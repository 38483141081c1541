import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashApiKey } from '@myko/access';
import { createAppConfig } from './app.config';

/** The config file's `typeCheck`, at the root and per profile, reaches the dispatch's `execute` options. */
describe('typeCheck in the config file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'myko-type-check-config-'));
  const file = (name: string, config: object) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(config));
    return path;
  };

  it('hands the root and the profiles typeCheck to execute', () => {
    const profiles = { agents: { keys: [hashApiKey('myko_k1')], typeCheck: 'strict' }, support: { keys: [] } };
    const path = file('type-check.json', { typeCheck: 'warn', profiles });
    const { dispatch } = createAppConfig('serve', { configPath: path }, {});
    expect(dispatch.execute).toEqual({ typeCheck: 'warn', profileTypeChecks: { agents: 'strict' } });
    expect(createAppConfig('serve').dispatch.execute).toBeUndefined();
  });

  it('refuses a value that is not a mode, naming its path', () => {
    const path = file('bad.json', { auth: { required: false }, profiles: { a: { keys: [], typeCheck: 'on' } } });
    expect(() => createAppConfig('serve', { configPath: path }, {})).toThrow(
      /profiles\.a\.typeCheck: expected one of "strict", "warn", "off", got "on"/,
    );
  });
});
