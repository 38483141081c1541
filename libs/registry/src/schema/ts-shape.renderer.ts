import type { JsonSchema } from '../interfaces';
import { renderTsDeclarations, renderTsMembers } from './ts-type.renderer';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Longest `output` in a search summary: enough for a page type's members, not a whole graph. */
export const MAX_SHAPE_CHARS = 240;

/**
 * The result of an operation as one line of TypeScript, members of the top-level object (or of a
 * list's items) included: `OrderPage { items: Order[]; total: number; nextOffset?: number | null }`,
 * `LowStockRow { sku: string; … }[]`. Members past `maxChars` are cut and counted (`… 4 more`).
 * Undefined for a primitive or void result, whose `outputType` says it all.
 * @publicApi
 */
export function renderOutputShape(
  outputType: string,
  outputSchema: JsonSchema | undefined,
  maxChars = MAX_SHAPE_CHARS,
): string | undefined {
  const { list, name, object } = resultParts(outputType, outputSchema);
  const suffix = list ? '[]' : '';
  return boundedMembers(renderTsMembers(object), (body) => `${name} { ${body} }${suffix}`, maxChars);
}

/**
 * The members of an object schema as one TypeScript object type, `{ id: number; status: … }`,
 * cut and counted (`… 8 more`) where `type <name> = ` and the members pass `maxChars`: a named
 * type declared once in a search answer. Undefined for a schema without properties.
 * @publicApi
 */
export function renderTypeBody(name: string, schema: unknown, maxChars = MAX_SHAPE_CHARS): string | undefined {
  const prefix = `type ${name} = `;
  return boundedMembers(renderTsMembers(schema), (body) => `${prefix}{ ${body} }`, maxChars)?.slice(prefix.length);
}

/**
 * The named object type of an operation's result and its schema: `Order` of `Order` or `Order[]`.
 * Undefined for a primitive, void or inline result.
 * @publicApi
 */
export function resultObjectType(
  outputType: string,
  outputSchema: JsonSchema | undefined,
): { name: string; schema: JsonSchema } | undefined {
  const { name, object } = resultParts(outputType, outputSchema);
  const properties = (object as JsonSchema | undefined)?.properties;
  if (!IDENTIFIER.test(name) || typeof properties !== 'object' || properties === null) return undefined;
  return { name, schema: object as JsonSchema };
}

/** `Order[]` → a list of `Order`, whose object schema is the list's item definition. */
function resultParts(outputType: string, outputSchema: JsonSchema | undefined) {
  const list = outputType.endsWith('[]');
  const name = list ? outputType.slice(0, -2) : outputType;
  const object = list ? definitionOf(outputSchema, outputSchema?.items) : outputSchema;
  return { list, name, object };
}

/** `frame(members joined by "; ")`, members past `maxChars` replaced by `… n more`. */
function boundedMembers(members: string[], frame: (body: string) => string, maxChars: number): string | undefined {
  if (members.length === 0) return undefined;
  let body = '';
  for (let i = 0; i < members.length; i++) {
    const next = body === '' ? members[i] : `${body}; ${members[i]}`;
    const rest = members.length - i - 1;
    const tail = rest > 0 ? `; … ${rest} more` : '';
    if (frame(`${next}${tail}`).length > maxChars && body !== '') {
      return frame(`${body}; … ${members.length - i} more`);
    }
    body = next;
  }
  return frame(body);
}

/**
 * TypeScript interfaces of the named types an operation's arguments and result use, nested ones
 * included, the result's own type first: what `detail: "full"` shows next to the JSON Schemas.
 * @publicApi
 */
export function renderTypeDeclarations(inputSchema: JsonSchema, outputType: string, outputSchema?: JsonSchema): string {
  const defs: Record<string, JsonSchema> = {};
  const name = outputType.replace(/\[\]$/, '');
  if (outputSchema && outputSchema.type === 'object' && IDENTIFIER.test(name)) {
    const { $defs: _nested, $schema: _dialect, ...own } = outputSchema;
    defs[name] = own;
  }
  Object.assign(defs, defsOf(outputSchema), defsOf(inputSchema));
  return renderTsDeclarations(defs).join('\n');
}

function defsOf(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  const defs = schema?.$defs;
  return typeof defs === 'object' && defs !== null ? (defs as Record<string, JsonSchema>) : {};
}

/** The schema a `$ref` into `$defs` points at, or the schema itself. */
function definitionOf(root: JsonSchema | undefined, schema: unknown): unknown {
  const ref = (schema as JsonSchema | undefined)?.$ref;
  if (typeof ref !== 'string') return schema;
  return defsOf(root)[ref.slice(ref.lastIndexOf('/') + 1)];
}
