import Ajv2020 from 'ajv/dist/2020';
import { AccessConfigError } from './access-config.error';
import { parseAccessConfig } from './access-config.parser';
import schema from './access-config.schema.json';

const BASE = { auth: { required: false } };
const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);

function problems(limits: unknown): string[] {
  try {
    parseAccessConfig({ ...BASE, limits });
    return [];
  } catch (error) {
    return (error as AccessConfigError).issues.map((issue) => `${issue.path}: ${issue.problem}`);
  }
}

describe('the limits section of the config file', () => {
  const limits = {
    maxSessions: 10,
    maxWsConnectionsPerAddress: 0,
    maxInFlightPerSession: 4,
    rateLimit: { requestsPerSecond: 2.5, burst: 5 },
    headersTimeoutMs: 2_000,
    wsMaxBufferedBytes: 65_536,
  };

  it('keeps every valid limit as written, and the schema accepts it', () => {
    expect(parseAccessConfig({ ...BASE, limits }).limits).toEqual(limits);
    expect(validate({ ...BASE, limits })).toBe(true);
    expect(parseAccessConfig({ ...BASE, limits: { rateLimit: false } }).limits).toEqual({ rateLimit: false });
    expect(validate({ ...BASE, limits: { rateLimit: false } })).toBe(true);
  });

  it('leaves the section out when the file has none', () => {
    expect(parseAccessConfig(BASE).limits).toBeUndefined();
  });

  it.each([
    ['a negative count', { maxSessions: -1 }, 'limits.maxSessions: expected a whole number'],
    ['a fractional count', { maxInFlightPerSession: 1.5 }, 'limits.maxInFlightPerSession: expected a whole number'],
    ['a string timeout', { headersTimeoutMs: '10s' }, 'limits.headersTimeoutMs: expected a whole number'],
    ['an unknown limit', { maxClients: 3 }, 'limits.maxClients: unknown property'],
    ['rateLimit: true', { rateLimit: true }, 'limits.rateLimit: expected false or'],
    ['a zero rate', { rateLimit: { requestsPerSecond: 0 } }, 'limits.rateLimit.requestsPerSecond: expected a number'],
    ['a zero burst', { rateLimit: { requestsPerSecond: 1, burst: 0 } }, 'limits.rateLimit.burst: expected a whole'],
    ['an unknown rate key', { rateLimit: { requestsPerSecond: 1, perMinute: 3 } }, 'limits.rateLimit.perMinute'],
  ])('rejects %s with its path, as the schema does', (_, input, problem) => {
    expect(problems(input).join('\n')).toContain(problem);
    expect(validate({ ...BASE, limits: input })).toBe(false);
  });

  it('rejects a section that is not an object', () => {
    expect(problems([1])).toEqual(['limits: expected an object']);
    expect(() => parseAccessConfig({ ...BASE, limits: 5 })).toThrow(AccessConfigError);
  });
});
