import {
  type ArgumentIssue,
  InvalidArgumentsError,
  type JsonSchema,
  MISSING_ARGUMENT,
  UNKNOWN_ARGUMENT,
} from '@myko/registry';
import type { ErrorObject, ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * One Ajv for every connector: its compiled validators are per schema object, so an operation's
 * arguments are compiled once, on its first call (compiling hundreds at start would cost seconds).
 * Unknown formats and keywords are ignored, as OpenAPI documents carry many.
 */
let shared: Ajv2020 | undefined;

function ajv(): Ajv2020 {
  if (!shared) {
    shared = new Ajv2020({ strict: false, allErrors: true, logger: false, validateFormats: true });
    addFormats(shared);
  }
  return shared;
}

/** Validates an operation's arguments against its input schema; throws `InvalidArgumentsError` naming every bad field. */
export function schemaValidator(operation: string, input: JsonSchema): (args: Record<string, unknown>) => object {
  let validate: ValidateFunction | undefined;
  return (args) => {
    validate ??= ajv().compile(input);
    if (validate(args)) return args;
    throw new InvalidArgumentsError(operation, issuesOf(validate.errors ?? []));
  };
}

/** Ajv's errors as the registry's issues: one per path, `lines[0].quantity`, every reason once. */
export function issuesOf(errors: readonly ErrorObject[]): ArgumentIssue[] {
  const byPath = new Map<string, string[]>();
  for (const error of errors) {
    const [path, reason] = issueOf(error);
    const reasons = byPath.get(path) ?? [];
    if (!reasons.includes(reason)) reasons.push(reason);
    byPath.set(path, reasons);
  }
  return [...byPath].map(([path, reasons]) => ({ path, reasons }));
}

function issueOf(error: ErrorObject): [string, string] {
  const base = pathOf(error.instancePath);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') return [join(base, String(params.missingProperty)), MISSING_ARGUMENT];
  if (error.keyword === 'additionalProperties')
    return [join(base, String(params.additionalProperty)), UNKNOWN_ARGUMENT];
  return [base || '(arguments)', error.message ?? error.keyword];
}

/** `/lines/0/quantity` → `lines[0].quantity`. */
function pathOf(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => join(path, part), '');
}

function join(parent: string, part: string): string {
  if (/^\d+$/.test(part)) return `${parent}[${part}]`;
  return parent ? `${parent}.${part}` : part;
}
