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

  const oauth = {
    resource: 'https://myko.test/mcp',
    issuers: [{ issuer: 'https://idp.test', jwksUri: 'https://idp.test/jwks' }],
    profiles: [{ profile: 'ops', match: { scope: 'myko:ops' } }],
  };

  it('takes an OAuth scope instead of (or beside) admin keys, with an oauth section, and the schema agrees', () => {
    const config = { ...base, oauth, admin: { scope: 'myko:admin' } };
    expect(parseAccessConfig(config).admin).toEqual({ keys: [], scope: 'myko:admin' });
    expect(validate(config)).toBe(true);
    const both = { ...base, oauth, admin: { keys: [ADMIN_KEY], scope: 'myko:admin' } };
    expect(parseAccessConfig(both).admin).toEqual({ keys: [ADMIN_KEY], scope: 'myko:admin' });
    expect(validate(both)).toBe(true);
  });

  it('refuses an admin scope without an oauth section: no token could ever carry it', () => {
    expect(issuesOf({ ...base, admin: { scope: 'myko:admin' } })).toContainEqual({
      path: 'admin.scope',
      problem: expect.stringContaining('oauth'),
    });
  });

  it.each([
    [{ keys: ['admin-key'] }, 'admin.keys[0]'],
    [{ keys: [OPS_KEY] }, 'admin.keys[0]'],
    [{}, 'admin.keys'],
    [{ keys: [ADMIN_KEY], path: 'admin' }, 'admin.path'],
    [{ keys: [ADMIN_KEY], path: '/a/../b' }, 'admin.path'],
    [{ keys: [ADMIN_KEY], port: 1 }, 'admin.port'],
    [{ scope: '' }, 'admin.scope'],
    [{ scope: 'myko:admin myko:ops' }, 'admin.scope'],
    [{ keys: [ADMIN_KEY], scope: 7 }, 'admin.scope'],
  ])('refuses %j at %s (a plain key, a profile key, no keys, a bad path, an unknown field)', (admin, path) => {
    expect(issuesOf({ ...base, admin }).map((issue) => issue.path)).toContain(path);
  });
});
