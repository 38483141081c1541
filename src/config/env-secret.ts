import { isObject } from './access-config.validator';
import { ConfigError } from './config.error';

/**
 * A secret the config file names rather than holds: `{ "fromEnv": "<VAR>", "scheme"?: "Bearer" }`, read from the
 * environment at start — the syntax of a connector's `auth` (docs/connectors.md), so a secret is written one way.
 */
export interface EnvSecret {
  readonly fromEnv: string;
  /** Put before the value with a space (`Bearer <value>`). */
  readonly scheme?: string;
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SCHEME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The problems of a value meant as a string or an `EnvSecret`, at `path`; none when it is one. */
export function envSecretProblems(value: unknown, path: string): Array<[path: string, problem: string]> {
  if (typeof value === 'string') return [];
  if (!isObject(value) || !('fromEnv' in value))
    return [[path, 'expected a string or {"fromEnv": "<VAR>", "scheme"?}']];
  const problems: Array<[string, string]> = [];
  const unknown = Object.keys(value).filter((key) => key !== 'fromEnv' && key !== 'scheme');
  if (unknown.length > 0) problems.push([path, `unknown key(s) ${unknown.join(', ')}: expected "fromEnv", "scheme"`]);
  if (typeof value.fromEnv !== 'string' || !ENV_NAME.test(value.fromEnv)) {
    problems.push([`${path}.fromEnv`, 'expected an environment variable name']);
  }
  if (value.scheme !== undefined && (typeof value.scheme !== 'string' || !SCHEME.test(value.scheme))) {
    problems.push([`${path}.scheme`, 'expected a scheme such as "Bearer"']);
  }
  return problems;
}

/** The value of a string or an `EnvSecret` (checked by `envSecretProblems`); an unset or empty variable fails the start. */
export function resolveEnvSecret(
  value: string | EnvSecret,
  path: string,
  env: Readonly<Record<string, string | undefined>>,
): string {
  if (typeof value === 'string') return value;
  const secret = env[value.fromEnv];
  if (secret === undefined || secret.trim() === '') {
    throw new ConfigError(`${path}.fromEnv: the environment variable ${value.fromEnv} is not set`);
  }
  return value.scheme ? `${value.scheme} ${secret}` : secret;
}
