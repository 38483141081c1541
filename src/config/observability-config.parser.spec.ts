import Ajv2020 from 'ajv/dist/2020';
import { AccessConfigError } from './access-config.error';
import { parseAccessConfig } from './access-config.parser';
import schema from './access-config.schema.json';

const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);
const config = (observability: unknown) => ({ auth: { required: false }, observability });

function issuePaths(observability: unknown): string[] {
  try {
    parseAccessConfig(config(observability));
  } catch (error) {
    expect(error).toBeInstanceOf(AccessConfigError);
    return (error as AccessConfigError).issues.map((issue) => issue.path);
  }
  throw new Error('expected an AccessConfigError');
}

describe('the observability section', () => {
  it('fills the defaults of each part that is present, and leaves absent parts off', () => {
    expect(parseAccessConfig(config({ metrics: {} })).observability).toEqual({
      metrics: { enabled: true, allow: ['127.0.0.1', '::1'] },
    });
    expect(parseAccessConfig(config({ tracing: { exporter: 'console' } })).observability).toEqual({
      tracing: { enabled: true, exporter: 'console', sampleRatio: 1, serviceName: 'myko-nest' },
    });
    expect(
      parseAccessConfig(config({ metrics: { enabled: false, allow: ['10.0.0.0/8', 'fd00::/8'] } })).observability,
    ).toEqual({ metrics: { enabled: false, allow: ['10.0.0.0/8', 'fd00::/8'] } });
    expect(validate(config({ metrics: { allow: ['10.0.0.0/8'] }, tracing: { sampleRatio: 0.5 } }))).toBe(true);
  });

  it.each([
    ['a host name in the allow-list', { metrics: { allow: ['localhost'] } }, 'observability.metrics.allow'],
    ['a prefix too long', { metrics: { allow: ['10.0.0.0/33'] } }, 'observability.metrics.allow'],
    ['an allow-list that is no array', { metrics: { allow: '127.0.0.1' } }, 'observability.metrics.allow'],
    ['an unknown exporter', { tracing: { exporter: 'zipkin' } }, 'observability.tracing.exporter'],
    ['a ratio above 1', { tracing: { sampleRatio: 2 } }, 'observability.tracing.sampleRatio'],
    ['an endpoint that is no URL', { tracing: { endpoint: 'collector:4318' } }, 'observability.tracing.endpoint'],
    ['an unknown key', { logs: {} }, 'observability.logs'],
  ])('refuses %s with its path', (_name, observability, path) => {
    expect(issuePaths(observability)).toContain(path);
  });
});
