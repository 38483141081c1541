import Ajv2020 from 'ajv/dist/2020';
import { AccessConfigError } from './access-config.error';
import { parseAccessConfig } from './access-config.parser';
import schema from './access-config.schema.json';

const BASE = { auth: { required: false } };
const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);

function problems(sandbox: unknown): string[] {
  try {
    parseAccessConfig({ ...BASE, sandbox });
    return [];
  } catch (error) {
    return (error as AccessConfigError).issues.map((issue) => `${issue.path}: ${issue.problem}`);
  }
}

describe('the sandbox section of the config file', () => {
  const sandbox = {
    maxConcurrent: 4,
    maxQueue: 0,
    wallTimeMs: 5_000,
    cpuTimeMs: 500,
    memoryMb: 32,
    maxCalls: 50,
    processes: 2,
    maxRunsPerSession: 2,
    abuseBackoff: { strikes: 2, windowMs: 10_000, cooldownMs: 1_000, maxCooldownMs: 8_000 },
  };

  it('keeps every valid setting as written, and the schema accepts it', () => {
    expect(parseAccessConfig({ ...BASE, sandbox }).sandbox).toEqual(sandbox);
    expect(validate({ ...BASE, sandbox })).toBe(true);
    const off = { abuseBackoff: false, maxRunsPerSession: 0 };
    expect(parseAccessConfig({ ...BASE, sandbox: off }).sandbox).toEqual(off);
    expect(validate({ ...BASE, sandbox: off })).toBe(true);
  });

  it('leaves the section out when the file has none', () => {
    expect(parseAccessConfig(BASE).sandbox).toBeUndefined();
  });

  it.each([
    ['no concurrency', { maxConcurrent: 0 }, 'sandbox.maxConcurrent: expected a whole number of at least 1'],
    ['a negative queue', { maxQueue: -1 }, 'sandbox.maxQueue: expected a whole number of at least 0'],
    ['a fractional CPU limit', { cpuTimeMs: 1.5 }, 'sandbox.cpuTimeMs: expected a whole number'],
    ['too little memory', { memoryMb: 4 }, 'sandbox.memoryMb: expected a whole number of at least 8'],
    ['a string wall limit', { wallTimeMs: '30s' }, 'sandbox.wallTimeMs: expected a whole number'],
    ['an unknown setting', { isolation: 'in-process' }, 'sandbox.isolation: unknown property'],
    ['abuseBackoff: true', { abuseBackoff: true }, 'sandbox.abuseBackoff: expected false or'],
    ['zero strikes', { abuseBackoff: { strikes: 0 } }, 'sandbox.abuseBackoff.strikes: expected a whole number'],
    ['an unknown backoff key', { abuseBackoff: { perHour: 3 } }, 'sandbox.abuseBackoff.perHour: unknown property'],
  ])('rejects %s with its path, as the schema does', (_, input, problem) => {
    expect(problems(input).join('\n')).toContain(problem);
    expect(validate({ ...BASE, sandbox: input })).toBe(false);
  });

  it('rejects a longest cooldown shorter than the first', () => {
    expect(problems({ abuseBackoff: { cooldownMs: 5_000, maxCooldownMs: 1_000 } })).toEqual([
      'sandbox.abuseBackoff.maxCooldownMs: expected at least cooldownMs (5000)',
    ]);
  });

  it('rejects a section that is not an object', () => {
    expect(problems([1])).toEqual(['sandbox: expected an object']);
    expect(() => parseAccessConfig({ ...BASE, sandbox: 5 })).toThrow(AccessConfigError);
  });
});
