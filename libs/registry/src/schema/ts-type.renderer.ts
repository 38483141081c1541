import type { JsonSchema } from '../interfaces';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const PRIMITIVE_TYPES: Record<string, string> = {
  string: 'string',
  integer: 'number',
  number: 'number',
  boolean: 'boolean',
  null: 'null',
};

/**
 * Renders a JSON Schema as a TypeScript type expression: `string`, `'open' | 'paid'`, `OrderLine[]`,
 * `{ sku: string; quantity?: number }`. References to `$defs` render as the definition's name.
 * @publicApi
 */
export function renderTsType(schema: unknown): string {
  if (!isSchema(schema)) return 'unknown';
  if (typeof schema.$ref === 'string') return schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1);
  if ('const' in schema) return renderLiteral(schema.const);
  if (Array.isArray(schema.enum)) return union(schema.enum.map(renderLiteral));
  if (Array.isArray(schema.type)) return union(schema.type.map((type) => renderTsType({ ...schema, type })));
  if (typeof schema.type === 'string') return renderTyped(schema, schema.type);
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches)) return union(branches.map(renderTsType));
  return 'unknown';
}

/**
 * Renders each named object schema (a `$defs` map) as a TypeScript interface declaration, with the
 * property descriptions as doc comments.
 * @publicApi
 */
export function renderTsDeclarations(defs: Readonly<Record<string, JsonSchema>>): string[] {
  return Object.entries(defs).map(([name, schema]) => {
    const members = propertiesOf(schema).map(({ key, optional, value }) => {
      const doc = isSchema(value) && typeof value.description === 'string' ? `  /** ${value.description} */\n` : '';
      return `${doc}  ${key}${optional ? '?' : ''}: ${renderTsType(value)};\n`;
    });
    return `interface ${name} {\n${members.join('')}}`;
  });
}

/**
 * The members of an object schema as TypeScript (`nextOffset?: number | null`), in order.
 * @publicApi
 */
export function renderTsMembers(schema: unknown): string[] {
  if (!isSchema(schema)) return [];
  return propertiesOf(schema).map(({ key, optional, value }) => `${key}${optional ? '?' : ''}: ${renderTsType(value)}`);
}

function renderTyped(schema: JsonSchema, type: string): string {
  if (type === 'array') return arrayOf(renderTsType(schema.items ?? {}));
  if (type === 'object') return renderObject(schema);
  return PRIMITIVE_TYPES[type] ?? 'unknown';
}

function renderObject(schema: JsonSchema): string {
  const members = propertiesOf(schema);
  if (members.length > 0) {
    return `{ ${members.map(({ key, optional, value }) => `${key}${optional ? '?' : ''}: ${renderTsType(value)}`).join('; ')} }`;
  }
  const extra = schema.additionalProperties;
  return `Record<string, ${isSchema(extra) ? renderTsType(extra) : 'unknown'}>`;
}

function propertiesOf(schema: JsonSchema): { key: string; optional: boolean; value: unknown }[] {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(properties).map(([name, value]) => ({
    key: IDENTIFIER.test(name) ? name : renderLiteral(name),
    optional: !required.has(name),
    value,
  }));
}

function arrayOf(element: string): string {
  return hasTopLevelOperator(element) ? `(${element})[]` : `${element}[]`;
}

/** Whether `A | B` or `A & B` appears outside brackets, so `[]` needs parentheses around it. */
function hasTopLevelOperator(type: string): boolean {
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < type.length; i++) {
    const char = type[i];
    if (char === '\\') i++;
    else if (char === "'") quoted = !quoted;
    else if (quoted) continue;
    else if ('{(<['.includes(char)) depth++;
    else if ('})>]'.includes(char)) depth--;
    else if (depth === 0 && (char === '|' || char === '&')) return true;
  }
  return false;
}

function union(members: string[]): string {
  const unique = [...new Set(members)];
  if (unique.includes('unknown')) return 'unknown';
  return unique.length > 0 ? unique.join(' | ') : 'never';
}

function renderLiteral(value: unknown): string {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return 'unknown';
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
