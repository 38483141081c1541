import type { JsonSchema } from '../interfaces';

/** The dialect every schema of the registry declares. */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

const LEGACY_REF = /^#\/definitions\//;

/**
 * Rewrites class-validator-jsonschema's draft-07 / OpenAPI flavoured output as JSON Schema 2020-12:
 * `definitions` become `$defs` (and refs follow), `nullable` becomes a `null` type, and boolean
 * `exclusiveMinimum`/`exclusiveMaximum` become numbers. Returns a new object.
 */
export function toDraft2020(schema: unknown): JsonSchema {
  return convert(schema) as JsonSchema;
}

function convert(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(convert);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'definitions') out.$defs = convert(value);
    else if (key === '$ref' && typeof value === 'string') out.$ref = value.replace(LEGACY_REF, '#/$defs/');
    else out[key] = convert(value);
  }
  convertNullable(out);
  convertExclusive(out, 'exclusiveMinimum', 'minimum');
  convertExclusive(out, 'exclusiveMaximum', 'maximum');
  return out;
}

function convertNullable(schema: Record<string, unknown>): void {
  if (!('nullable' in schema)) return;
  const { nullable, type } = schema;
  delete schema.nullable;
  if (nullable !== true || type === undefined) return;
  const types = Array.isArray(type) ? type : [type];
  if (!types.includes('null')) schema.type = [...types, 'null'];
}

function convertExclusive(schema: Record<string, unknown>, key: string, bound: string): void {
  if (typeof schema[key] !== 'boolean') return;
  if (schema[key] === true && typeof schema[bound] === 'number') {
    schema[key] = schema[bound];
    delete schema[bound];
  } else {
    delete schema[key];
  }
}
