import { hashApiKey } from '@myko/access';
import Ajv2020 from 'ajv/dist/2020';
import { AccessConfigError } from './access-config.error';
import { parseAccessConfig } from './access-config.parser';
import schema from './access-config.schema.json';

const OPS_KEY = hashApiKey('ops-key');
const ADMIN_KEY = hashApiKey('admin-key');
const base = { auth: { required: true }, profiles: { ops: { keys: [OPS_KEY] } } };

function issuesOf(input: unknown): { path: string; problem: string }[] {
  try {
    parseAccessConfig(input);
  } catch (error) {
    if (error instanceof AccessConfigError) return [...error.issues];
    throw error;
  }
  return [];
}

describe('the config file admin section', () => {
  const validate = new Ajv2020({ strict: false }).compile(schema);

  it('takes admin key hashes and a path, and the schema agrees', () => {
    const config = { ...base, admin: { keys: [ADMIN_KEY], path: '/ops/admin' } };
    expect(parseAccessConfig(config).admin).toEqual({ keys: [ADMIN_KEY], path: '/ops/admin' });
    expect(validate(config)).toBe(true);
  });

  it.each([
    [{ keys: ['admin-key'] }, 'admin.keys[0]'],
    [{ keys: [OPS_KEY] }, 'admin.keys[0]'],
    [{}, 'admin.keys'],
    [{ keys: [ADMIN_KEY], path: 'admin' }, 'admin.path'],
    [{ keys: [ADMIN_KEY], path: '/a/../b' }, 'admin.path'],
    [{ keys: [ADMIN_KEY], port: 1 }, 'admin.port'],
  ])('refuses %j at %s (a plain key, a profile key, no keys, a bad path, an unknown field)', (admin, path) => {
    expect(issuesOf({ ...base, admin }).map((issue) => issue.path)).toContain(path);
  });
});
