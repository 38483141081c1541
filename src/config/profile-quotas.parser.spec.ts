import Ajv2020 from 'ajv/dist/2020';
import { AccessConfigError } from './access-config.error';
import { parseAccessConfig } from './access-config.parser';
import { configReference } from './reference/config-reference';

const ROOT = `${__dirname}/../..`;
const validate = new Ajv2020({ strict: true, allErrors: true }).compile(configReference(ROOT).schema);
const fileWith = (quotas: unknown, extra: Record<string, unknown> = {}) => ({
  auth: { required: false },
  profiles: { partners: { quotas } },
  ...extra,
});

function problems(file: unknown): string[] {
  try {
    parseAccessConfig(file);
    return [];
  } catch (error) {
    if (!(error instanceof AccessConfigError)) throw error;
    return error.issues.map((issue) => `${issue.path}: ${issue.problem}`);
  }
}

describe('profiles.<name>.quotas and the fairness section of the config file', () => {
  it('reads a plain number as per principal and the object form as written; the schema accepts both', () => {
    const quotas = {
      callsPerSecond: 100,
      runsAtOnce: { limit: 2, per: 'conversation' },
      sandboxCpuPercent: 20,
      requestsPerSecond: { limit: 2.5 },
      sessions: 8,
    };
    const file = fileWith(quotas, { fairness: { bridgeCallsPerTurn: 8, bridgeCallsPerClientPerSecond: 0 } });
    const config = parseAccessConfig(file);
    expect(config.profiles.partners.quotas).toEqual({
      callsPerSecond: { limit: 100, per: 'principal' },
      runsAtOnce: { limit: 2, per: 'conversation' },
      sandboxCpuPercent: { limit: 20, per: 'principal' },
      requestsPerSecond: { limit: 2.5, per: 'principal' },
      sessions: { limit: 8, per: 'principal' },
    });
    expect(config.fairness).toEqual({ bridgeCallsPerTurn: 8, bridgeCallsPerClientPerSecond: 0 });
    expect(validate(file)).toBe(true);
  });

  it('reports every bad quota with its path, a near miss with the name meant', () => {
    const quotas = {
      callPerSecond: 5,
      runsAtOnce: 0,
      requestsPerSecond: { limit: -1, per: 'profile' },
      sessions: { limit: 2, per: 'conversation' },
      sandboxCpuPercent: 150,
    };
    const found = problems(fileWith(quotas, { fairness: { bridgeCallsPerTurn: 0, bridgeTurnMS: 2 } }));
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^profiles\.partners\.quotas\.callPerSecond: unknown property .*did you mean "callsPerSecond"/,
        ),
        expect.stringMatching(/^profiles\.partners\.quotas\.runsAtOnce: expected a whole number of at least 1/),
        'profiles.partners.quotas.requestsPerSecond.limit: expected a number above 0',
        'profiles.partners.quotas.requestsPerSecond.per: expected "principal" or "conversation"',
        'profiles.partners.quotas.sessions.per: expected "principal"',
        expect.stringMatching(
          /^profiles\.partners\.quotas\.sandboxCpuPercent: expected a number above 0 and at most 100/,
        ),
        'fairness.bridgeCallsPerTurn: expected a whole number of at least 1',
        expect.stringMatching(/^fairness\.bridgeTurnMS: unknown property .*did you mean "bridgeTurnMs"/),
      ]),
    );
    expect(found).toHaveLength(8);
    expect(validate(fileWith(quotas))).toBe(false);
  });
});
