import type { JsonSchema } from '../interfaces';
import { renderTsDeclarations, renderTsMembers } from './ts-type.renderer';

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
  const list = outputType.endsWith('[]');
  const name = list ? outputType.slice(0, -2) : outputType;
  const object = list ? definitionOf(outputSchema, outputSchema?.items) : outputSchema;
  const members = renderTsMembers(object);
  if (members.length === 0) return undefined;
  const suffix = list ? '[]' : '';
  let body = '';
  for (let i = 0; i < members.length; i++) {
    const next = body === '' ? members[i] : `${body}; ${members[i]}`;
    const rest = members.length - i - 1;
    const tail = rest > 0 ? `; … ${rest} more` : '';
    if (`${name} { ${next}${tail} }${suffix}`.length > maxChars && body !== '') {
      return `${name} { ${body}; … ${members.length - i} more }${suffix}`;
    }
    body = next;
  }
  return `${name} { ${body} }${suffix}`;
}

/**
 * TypeScript interfaces of the named types an operation's arguments and result use, nested ones
 * included, the result's own type first: what `detail: "full"` shows next to the JSON Schemas.
 * @publicApi
 */
export function renderTypeDeclarations(inputSchema: JsonSchema, outputType: string, outputSchema?: JsonSchema): string {
  const defs: Record<string, JsonSchema> = {};
  const name = outputType.replace(/\[\]$/, '');
  if (outputSchema && outputSchema.type === 'object' && /^[A-Za-z_$][\w$]*$/.test(name)) {
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
