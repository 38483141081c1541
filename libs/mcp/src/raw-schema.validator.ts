import type { JsonSchema } from '@myko/registry';
import {
  ARGUMENTS_PATH,
  type ArgumentIssue,
  InvalidArgumentsError,
  MISSING_ARGUMENT,
  notAnObjectMessage,
  UNKNOWN_ARGUMENT,
} from '@myko/registry';

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/**
 * Checks tool arguments against the top level of a raw JSON Schema: the arguments form an object,
 * `required` keys are present, unknown keys are refused under `additionalProperties: false`, and
 * each property's `type`, `enum` and `const` hold. Deeper constraints (`$ref`, nested objects,
 * formats, ranges) are left to the tool: the server has no full JSON Schema validator.
 */
export class RawSchemaValidator {
  private readonly properties: Record<string, JsonSchema>;
  private readonly required: readonly string[];
  private readonly closed: boolean;

  constructor(
    private readonly tool: string,
    schema: JsonSchema,
  ) {
    this.properties = isObject(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
    this.required = Array.isArray(schema.required) ? schema.required.filter((k) => typeof k === 'string') : [];
    this.closed = schema.additionalProperties === false;
  }

  /** @throws InvalidArgumentsError listing every problem */
  async validate(raw: unknown): Promise<Record<string, unknown>> {
    const args = raw ?? {};
    if (!isObject(args)) throw this.fail([{ path: ARGUMENTS_PATH, reasons: [notAnObjectMessage(args)] }]);
    const issues: ArgumentIssue[] = [];
    for (const key of this.required) {
      if (!(key in args)) issues.push({ path: key, reasons: [MISSING_ARGUMENT] });
    }
    for (const [key, value] of Object.entries(args)) {
      const property = this.properties[key];
      if (!property) {
        if (this.closed) issues.push({ path: key, reasons: [UNKNOWN_ARGUMENT] });
        continue;
      }
      const reasons = propertyProblems(property, value);
      if (reasons.length > 0) issues.push({ path: key, reasons });
    }
    if (issues.length > 0) throw this.fail(issues);
    return args;
  }

  private fail(issues: ArgumentIssue[]): InvalidArgumentsError {
    return new InvalidArgumentsError(this.tool, issues);
  }
}

function propertyProblems(schema: JsonSchema, value: unknown): string[] {
  const reasons: string[] = [];
  const types = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type : [];
  if (types.length > 0 && !types.some((type) => hasType(value, type as JsonType))) {
    reasons.push(`must be of type ${types.join(' | ')}`);
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => sameJson(option, value))) {
    reasons.push(`must be one of ${schema.enum.map((option) => JSON.stringify(option)).join(', ')}`);
  }
  if ('const' in schema && !sameJson(schema.const, value)) reasons.push(`must be ${JSON.stringify(schema.const)}`);
  return reasons;
}

function hasType(value: unknown, type: JsonType): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameJson(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
