import type { JsonSchema } from '../interfaces';

/** The same schema, also accepting `null`. */
export function withNull(schema: JsonSchema): JsonSchema {
  const { type, enum: values, anyOf } = schema;
  if (typeof schema.$ref === 'string') return { anyOf: [schema, { type: 'null' }] };
  const out: JsonSchema = { ...schema };
  if (typeof type === 'string' && type !== 'null') out.type = [type, 'null'];
  else if (Array.isArray(type) && !type.includes('null')) out.type = [...type, 'null'];
  else if (type === undefined && Array.isArray(anyOf)) out.anyOf = [...anyOf, { type: 'null' }];
  if (Array.isArray(values) && !values.includes(null)) out.enum = [...values, null];
  return out;
}

/**
 * `@IsOptional()` lets a value be `null` as well as absent, and results say "none" with `null`
 * (`paidAt: null`): in an output DTO's schema every optional property also accepts `null`, so that
 * clients validating results against it (MCP `outputSchema`) accept what the operation returns.
 */
export function nullableOptionals(
  properties: Record<string, JsonSchema>,
  required: unknown,
): Record<string, JsonSchema> {
  const mandatory = new Set(Array.isArray(required) ? required : []);
  const out: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(properties)) out[name] = mandatory.has(name) ? schema : withNull(schema);
  return out;
}
