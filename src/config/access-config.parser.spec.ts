import { hashApiKey } from '@myko/access';
import Ajv2020 from 'ajv/dist/2020';
import { AccessConfigError } from './access-config.error';
import { parseAccessConfig } from './access-config.parser';
import schema from './access-config.schema.json';

const SUPPORT_KEY = hashApiKey('support-key');
const OPS_KEY = hashApiKey('ops-key');

const VALID = {
  auth: { required: true },
  profiles: {
    support: {
      description: 'Read-only support agent',
      keys: [SUPPORT_KEY],
      visibility: { allow: ['query_*', 'view_*', 'report_*'] },
    },
    ops: {
      keys: [OPS_KEY],
      visibility: { allow: ['query_*', 'command_CancelOrder'], deny: ['query_Internal*'] },
      callable: { allow: { command_CancelOrder: { warehouse: ['US-1'] } }, deny: {} },
      toolMode: 'both',
    },
  },
  defaultProfile: 'support',
  toolMode: 'code',
  audit: { path: './audit.log', queries: false, enabled: true },
};

function issuesOf(input: unknown): { path: string; problem: string }[] {
  try {
    parseAccessConfig(input, 'myko.config.json');
  } catch (error) {
    expect(error).toBeInstanceOf(AccessConfigError);
    expect((error as Error).message).toContain('Invalid access config myko.config.json:');
    return [...(error as AccessConfigError).issues];
  }
  throw new Error('expected an AccessConfigError');
}

const withProfile = (profile: object) => ({ profiles: { p: { keys: [SUPPORT_KEY], ...profile } } });

describe('parseAccessConfig', () => {
  it('accepts a valid config, from an object or JSON text', () => {
    const config = parseAccessConfig(JSON.stringify(VALID));
    expect(config.auth.required).toBe(true);
    expect(config.defaultProfile).toBe('support');
    expect(config.toolMode).toBe('code');
    expect(config.profiles.ops.keys).toEqual([OPS_KEY]);
    expect(config.audit).toEqual({ enabled: true, path: './audit.log', queries: false });
    expect(parseAccessConfig(VALID)).toEqual(config);
  });

  it('leaves the audit section out when the file has none, and keeps a partial one as written', () => {
    const { audit: _, ...withoutAudit } = VALID;
    expect(parseAccessConfig(withoutAudit).audit).toBeUndefined();
    expect(parseAccessConfig({ ...withoutAudit, audit: { path: 'stderr' } }).audit).toEqual({ path: 'stderr' });
    expect(parseAccessConfig({ ...withoutAudit, audit: { recentLines: 0 } }).audit).toEqual({ recentLines: 0 });
  });

  it('keeps audit.otlp: the collector, its headers and the service name', () => {
    const otlp = { endpoint: 'http://collector:4318', headers: { Authorization: 'Bearer x' }, serviceName: 'shop' };
    expect(parseAccessConfig({ ...VALID, audit: { otlp } }).audit).toEqual({ otlp });
  });

  it('requires auth by default, and then some profile with keys', () => {
    expect(parseAccessConfig({ profiles: { a: { keys: [OPS_KEY] } } }).auth.required).toBe(true);
    expect(issuesOf({ profiles: { a: {} } })).toEqual([
      { path: 'auth.required', problem: expect.stringContaining('no profile has keys') },
    ]);
    expect(parseAccessConfig({ auth: { required: false } })).toEqual({ auth: { required: false }, profiles: {} });
  });

  it.each([
    ['not JSON', '{', 'line 1, column 2', 'not valid JSON'],
    ['an array root', [], '(root)', 'expected an object'],
    ['an unknown root property', { ...VALID, profile: {} }, 'profile', 'unknown property'],
    ['a non-boolean auth.required', { ...VALID, auth: { required: 'yes' } }, 'auth.required', 'expected true or false'],
    ['profiles not an object', { auth: { required: false }, profiles: [] }, 'profiles', 'expected an object'],
    ['a bad profile name', { profiles: { 'bad name': { keys: [SUPPORT_KEY] } } }, 'profiles.bad name', 'profile name'],
    ['an unknown profile property', withProfile({ allow: [] }), 'profiles.p.allow', 'unknown property'],
    [
      'a raw key',
      withProfile({ keys: ['my-secret-key'] }),
      'profiles.p.keys[0]',
      '"sha256:" followed by 64 hex digits',
    ],
    ['keys not an array', withProfile({ keys: SUPPORT_KEY }), 'profiles.p.keys', 'expected an array'],
    ['a non-string description', withProfile({ description: 1 }), 'profiles.p.description', 'expected a string'],
    [
      'a string visibility list',
      withProfile({ visibility: { allow: 'query_*' } }),
      'profiles.p.visibility.allow',
      'array',
    ],
    [
      'a bad glob',
      withProfile({ visibility: { deny: ['query_*', 'command_{X'] } }),
      'profiles.p.visibility.deny[1]',
      'not a valid glob',
    ],
    [
      'an unknown visibility key',
      withProfile({ visibility: { hide: [] } }),
      'profiles.p.visibility.hide',
      'unknown property',
    ],
    [
      'callable rules as text',
      withProfile({ callable: { allow: '{}' } }),
      'profiles.p.callable.allow',
      'expected an object',
    ],
    [
      'a bad callable value list',
      withProfile({ callable: { deny: { command_X: { w: 'EU' } } } }),
      'profiles.p.callable.deny',
      'at "command_X"."w"',
    ],
    [
      'an approval list that is not a list',
      withProfile({ approval: 'command_*' }),
      'profiles.p.approval',
      'expected an array of glob patterns',
    ],
    [
      'a bad approval glob',
      withProfile({ approval: ['command_Delete*', 'command_{X'] }),
      'profiles.p.approval[1]',
      'not a valid glob',
    ],
    [
      'a bad tool mode',
      withProfile({ toolMode: 'fast' }),
      'profiles.p.toolMode',
      'expected one of "code", "direct", "both"',
    ],
    ['an audit that is not an object', { ...VALID, audit: 'stderr' }, 'audit', 'expected an object'],
    ['an unknown audit property', { ...VALID, audit: { file: 'a.log' } }, 'audit.file', 'unknown property'],
    ['an empty audit path', { ...VALID, audit: { path: ' ' } }, 'audit.path', 'expected "stderr" or the path'],
    ['a non-boolean audit.queries', { ...VALID, audit: { queries: 'yes' } }, 'audit.queries', 'true or false'],
    ['a non-boolean audit.enabled', { ...VALID, audit: { enabled: 0 } }, 'audit.enabled', 'true or false'],
    ['a negative audit.recentLines', { ...VALID, audit: { recentLines: -1 } }, 'audit.recentLines', 'whole number'],
    ['a fractional audit.recentLines', { ...VALID, audit: { recentLines: 1.5 } }, 'audit.recentLines', 'whole number'],
    ['an audit.otlp without endpoint', { ...VALID, audit: { otlp: {} } }, 'audit.otlp.endpoint', 'OTLP/HTTP'],
    [
      'a non-URL audit.otlp.endpoint',
      { ...VALID, audit: { otlp: { endpoint: 'collector' } } },
      'audit.otlp.endpoint',
      'http(s) URL',
    ],
    [
      'an audit.otlp header neither a string nor {fromEnv}',
      { ...VALID, audit: { otlp: { endpoint: 'http://c:4318', headers: { 'X-Key': 1 } } } },
      'audit.otlp.headers.X-Key',
      'expected a string or {"fromEnv": "<VAR>", "scheme"?}',
    ],
    [
      'an unknown audit.otlp property',
      { ...VALID, audit: { otlp: { endpoint: 'http://c', url: 'x' } } },
      'audit.otlp.url',
      'unknown property',
    ],
    [
      'an unknown default profile',
      { ...VALID, defaultProfile: 'admin' },
      'defaultProfile',
      '"admin" is not one of the profiles (support, ops)',
    ],
  ])('reports %s with its path', (_, input, path, problem) => {
    expect(issuesOf(input)).toContainEqual({ path, problem: expect.stringContaining(problem) });
  });

  it("keeps a profile's approval globs, which its filters then require", () => {
    const config = parseAccessConfig(withProfile({ approval: ['command_Delete*'] }));
    expect(config.profiles.p.approval).toEqual(['command_Delete*']);
    const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);
    expect(validate(withProfile({ approval: ['command_Delete*'] }))).toBe(true);
  });

  it('reports a key shared by two profiles', () => {
    const input = {
      profiles: { a: { keys: [OPS_KEY] }, b: { keys: [OPS_KEY.toUpperCase().replace('SHA256', 'sha256')] } },
    };
    expect(issuesOf(input)).toEqual([
      { path: 'profiles.b.keys[0]', problem: expect.stringContaining('already listed at profiles.a.keys[0]') },
    ]);
  });

  it('reports every problem in one error', () => {
    const input = {
      auth: { required: 1 },
      profiles: { p: { keys: ['x'], visibility: { allow: ['!q'], deny: ['a_(b'] }, toolMode: 'x' } },
    };
    expect(issuesOf(input).map((i) => i.path)).toEqual([
      'auth.required',
      'profiles.p.keys[0]',
      'profiles.p.visibility.allow[0]',
      'profiles.p.visibility.deny[0]',
      'profiles.p.toolMode',
    ]);
  });
});

describe('access-config.schema.json', () => {
  const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);

  it('accepts what the parser accepts', () => {
    expect(validate(VALID)).toBe(true);
    expect(validate({ auth: { required: false } })).toBe(true);
  });

  it.each([
    ['an unknown root property', { ...VALID, profile: {} }],
    ['a raw key', withProfile({ keys: ['my-secret-key'] })],
    ['a string visibility list', withProfile({ visibility: { allow: 'query_*' } })],
    ['a bad callable value list', withProfile({ callable: { deny: { command_X: { w: 'EU' } } } })],
    ['a bad tool mode', withProfile({ toolMode: 'fast' })],
    ['a string approval list', withProfile({ approval: 'command_*' })],
    ['a bad profile name', { profiles: { 'bad name': {} } }],
    ['an unknown audit property', { ...VALID, audit: { file: 'a.log' } }],
    ['an empty audit path', { ...VALID, audit: { path: ' ' } }],
    ['a non-boolean audit.queries', { ...VALID, audit: { queries: 'yes' } }],
    ['a negative audit.recentLines', { ...VALID, audit: { recentLines: -1 } }],
  ])('rejects %s, as the parser does', (_, input) => {
    expect(validate(input)).toBe(false);
    expect(() => parseAccessConfig(input)).toThrow(AccessConfigError);
  });
});
