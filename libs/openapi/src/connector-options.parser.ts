import { isWholeAtLeast } from '@myko/options';
import { closestName, OPERATION_KINDS } from '@myko/registry';
import type { OpenApiConnectorOptions } from './interfaces/openapi-connector-options.interface';
import { CONNECTOR_OPTION_TABLE } from './openapi-connector.constants';

type Json = Record<string, unknown>;
/** Reports one problem at its path (`connectors[0].auth.fromEnv`). */
export type AddProblem = (path: string, problem: string) => void;

const CONNECTOR_KEYS = [
  'name',
  'document',
  'refRoots',
  'baseUrl',
  'prefix',
  'typePrefix',
  'auth',
  'timeoutMs',
  'maxResponseBytes',
  'retries',
  'include',
  'exclude',
  'operations',
];
const STATIC_AUTH_KEYS = ['header', 'fromEnv', 'scheme'];
const OVERRIDE_KEYS = ['kind', 'timeoutMs', 'reads', 'writes', 'approval'];
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const HEADER = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const ENV = /^[A-Za-z_][A-Za-z0-9_]*$/;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every(isText);

function unknownKeys(value: Json, known: readonly string[], path: string, add: AddProblem): void {
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const meant = closestName(key, known);
    const hint = meant === undefined ? '' : `; did you mean "${meant}"?`;
    add(`${path}.${key}`, `unknown property (expected one of: ${known.join(', ')})${hint}`);
  }
}

function checkUrl(value: unknown, path: string, add: AddProblem): void {
  let url: URL | undefined;
  try {
    url = isText(value) ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash) {
    add(path, 'expected an http:// or https:// URL without query or fragment');
  }
}

function checkAuth(auth: unknown, path: string, add: AddProblem): void {
  if (!isObject(auth)) {
    add(path, 'expected {"fromEnv": "<VAR>", "header"?, "scheme"?} or {"passThrough": {"audience": "<uri>"}}');
    return;
  }
  if ('passThrough' in auth) {
    unknownKeys(auth, ['passThrough'], path, add);
    const pass = auth.passThrough;
    if (!isObject(pass) || !isText(pass.audience))
      add(`${path}.passThrough.audience`, 'expected the audience (aud) the token must name');
    else unknownKeys(pass, ['audience'], `${path}.passThrough`, add);
    return;
  }
  unknownKeys(auth, STATIC_AUTH_KEYS, path, add);
  if (typeof auth.fromEnv !== 'string' || !ENV.test(auth.fromEnv))
    add(`${path}.fromEnv`, 'expected an environment variable name');
  if (auth.header !== undefined && (typeof auth.header !== 'string' || !HEADER.test(auth.header)))
    add(`${path}.header`, 'expected an HTTP header name');
  if (auth.scheme !== undefined && (typeof auth.scheme !== 'string' || !HEADER.test(auth.scheme)))
    add(`${path}.scheme`, 'expected a scheme such as "Bearer"');
}

function checkOverrides(value: unknown, path: string, add: AddProblem): void {
  if (!isObject(value)) {
    add(path, 'expected an object mapping operation ids to overrides');
    return;
  }
  for (const [id, override] of Object.entries(value)) {
    const at = `${path}.${id}`;
    if (!isObject(override)) {
      add(at, `expected an object with any of: ${OVERRIDE_KEYS.join(', ')}`);
      continue;
    }
    unknownKeys(override, OVERRIDE_KEYS, at, add);
    if (override.kind !== undefined && !(OPERATION_KINDS as readonly unknown[]).includes(override.kind)) {
      add(`${at}.kind`, `expected one of ${OPERATION_KINDS.join(', ')}`);
    }
    if (override.timeoutMs !== undefined && !isWholeAtLeast(override.timeoutMs, 1))
      add(`${at}.timeoutMs`, 'expected a whole number of at least 1');
    for (const key of ['reads', 'writes'] as const) {
      if (override[key] !== undefined && !isStrings(override[key]))
        add(`${at}.${key}`, 'expected an array of entity names');
    }
    if (override.approval !== undefined && typeof override.approval !== 'boolean')
      add(`${at}.approval`, 'expected true or false');
  }
}

function checkConnector(value: Json, path: string, add: AddProblem): void {
  unknownKeys(value, CONNECTOR_KEYS, path, add);
  if (typeof value.name !== 'string' || !NAME.test(value.name))
    add(`${path}.name`, 'expected 1-64 letters, digits, _ . - (starting with a letter or digit)');
  if (!isText(value.document)) add(`${path}.document`, 'expected the path or http(s) URL of an OpenAPI document');
  if (value.refRoots !== undefined && !isStrings(value.refRoots))
    add(`${path}.refRoots`, 'expected an array of folders or http(s) URL prefixes');
  if (value.baseUrl !== undefined) checkUrl(value.baseUrl, `${path}.baseUrl`, add);
  for (const key of ['prefix', 'typePrefix'] as const) {
    if (value[key] !== undefined && (typeof value[key] !== 'string' || !IDENTIFIER.test(value[key] as string)))
      add(`${path}.${key}`, 'expected a JS identifier');
  }
  if (value.auth !== undefined) checkAuth(value.auth, `${path}.auth`, add);
  for (const key of Object.keys(CONNECTOR_OPTION_TABLE) as (keyof typeof CONNECTOR_OPTION_TABLE)[]) {
    const { minimum } = CONNECTOR_OPTION_TABLE[key];
    if (value[key] !== undefined && !isWholeAtLeast(value[key], minimum))
      add(`${path}.${key}`, `expected a whole number of at least ${minimum}`);
  }
  for (const key of ['include', 'exclude'] as const) {
    if (value[key] !== undefined && !isStrings(value[key]))
      add(`${path}.${key}`, 'expected an array of glob patterns over operation ids');
  }
  if (value.operations !== undefined) checkOverrides(value.operations, `${path}.operations`, add);
}

/**
 * Validates a list of connector options (the config file's `connectors`, or `forRoot()`'s), each problem
 * with its path, so one run reports them all; names must be unique. Returns the list when it is valid.
 * @publicApi
 */
export function parseConnectorOptions(
  value: unknown,
  path: string,
  add: AddProblem,
): OpenApiConnectorOptions[] | undefined {
  if (!Array.isArray(value)) {
    add(path, 'expected an array of connectors [{"name", "document", "baseUrl"?, …}]');
    return undefined;
  }
  const names = new Map<string, string>();
  let valid = true;
  const report: AddProblem = (at, problem) => {
    valid = false;
    add(at, problem);
  };
  for (const [i, entry] of value.entries()) {
    const at = `${path}[${i}]`;
    if (!isObject(entry)) {
      report(at, 'expected an object {"name", "document", …}');
      continue;
    }
    checkConnector(entry, at, report);
    if (typeof entry.name !== 'string') continue;
    const first = names.get(entry.name);
    if (first) report(`${at}.name`, `"${entry.name}" is already the name of ${first}`);
    else names.set(entry.name, at);
  }
  return valid ? (value as OpenApiConnectorOptions[]) : undefined;
}
