import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashApiKey } from '@myko/access';
import { createAppConfig } from './app.config';

/** The result budget of `execute`: the server's in `sandbox`, a profile's over it. */
describe('resultBudgetBytes in the config file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'myko-result-budget-config-'));
  const file = (name: string, config: object) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(config));
    return path;
  };

  it("hands the server's and each profile's budget to execute", () => {
    const profiles = { agents: { keys: [hashApiKey('myko_k1')], resultBudgetBytes: 4_096 }, support: { keys: [] } };
    const path = file('budget.json', { sandbox: { resultBudgetBytes: 32_768 }, profiles });
    const { dispatch } = createAppConfig('serve', { configPath: path }, {});
    expect(dispatch.execute).toMatchObject({ resultBudgetBytes: 32_768, profileResultBudgets: { agents: 4_096 } });
  });

  it('refuses a budget under the minimum, naming its path', () => {
    const path = file('bad.json', { auth: { required: false }, profiles: { a: { keys: [], resultBudgetBytes: 10 } } });
    expect(() => createAppConfig('serve', { configPath: path }, {})).toThrow(
      /profiles\.a\.resultBudgetBytes: expected a whole number of at least 1024/,
    );
  });
});
