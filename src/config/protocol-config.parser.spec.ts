import Ajv2020 from 'ajv/dist/2020';
import type { AccessConfigError } from './access-config.error';
import { parseAccessConfig } from './access-config.parser';
import schema from './access-config.schema.json';

const BASE = { auth: { required: false } };
const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);

function problems(extra: Record<string, unknown>): string[] {
  try {
    parseAccessConfig({ ...BASE, ...extra });
    return [];
  } catch (error) {
    return (error as AccessConfigError).issues.map((issue) => `${issue.path}: ${issue.problem}`);
  }
}

describe('the protocol and requestState keys of the config file', () => {
  const good = { protocol: 'modern-only', requestState: { key: 's'.repeat(32), ttlSeconds: 120 } };

  it('takes the eras served and the requestState signing, as the JSON schema does', () => {
    expect(parseAccessConfig({ ...BASE, ...good })).toMatchObject(good);
    expect(validate({ ...BASE, ...good })).toBe(true);
    expect(parseAccessConfig(BASE).protocol).toBeUndefined();
  });

  it('names every bad value with its path; the schema refuses them too', () => {
    const bad = { protocol: 'both', requestState: { key: 'short', ttlSeconds: 0, salt: 1 } };
    expect(problems(bad)).toEqual([
      'protocol: expected one of "dual", "modern-only", "legacy-only", got "both"',
      'requestState.salt: unknown property (expected one of: key, ttlSeconds)',
      'requestState.key: expected a secret string of at least 32 characters',
      'requestState.ttlSeconds: expected an integer from 1 to 86400',
    ]);
    expect(validate({ ...BASE, ...bad })).toBe(false);
    expect(problems({ requestState: 'secret' })).toEqual(['requestState: expected an object { key?, ttlSeconds? }']);
  });
});
