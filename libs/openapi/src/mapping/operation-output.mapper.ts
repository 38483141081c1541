import { type JsonSchema, renderTsType } from '@myko/registry';
import { dereference, type OpenApiSchemaConverter } from './openapi-schema.converter';
import { jsonMediaType } from './operation-arguments.mapper';

type Json = Record<string, unknown>;

/** What search and type checks show of an operation's result. */
export interface MappedOutput {
  readonly outputType: string;
  readonly output?: JsonSchema;
}

const VOID: MappedOutput = { outputType: 'void' };
const TEXT: MappedOutput = { outputType: 'string', output: { type: 'string' } };

/** The success response the result comes from: the lowest 2xx, else `2XX`. */
function successResponse(document: Json, responses: unknown): Json | undefined {
  if (typeof responses !== 'object' || responses === null) return undefined;
  const codes = Object.keys(responses)
    .filter((code) => /^2(\d\d|XX)$/i.test(code))
    .sort();
  return codes.length === 0 ? undefined : dereference(document, (responses as Json)[codes[0]]);
}

/**
 * The result of an operation from its 2xx response: a named type (`Ticket`, `Ticket[]`) when the JSON
 * schema is a component or a list of one, `<Id>Result` for an inline object, the rendered type otherwise;
 * `string` for a text response, `void` for none.
 */
export function mapOutput(
  document: Json,
  converter: OpenApiSchemaConverter,
  operation: Json,
  typeName: string,
): MappedOutput {
  const response = successResponse(document, operation.responses);
  if (!response || typeof response.content !== 'object' || response.content === null) return VOID;
  const mediaType = jsonMediaType(response.content);
  if (mediaType === undefined) return Object.keys(response.content).length > 0 ? TEXT : VOID;
  const raw = ((response.content as Json)[mediaType] as Json | undefined)?.schema;
  if (raw === undefined) return { outputType: 'unknown' };
  const used = new Set<string>();
  const schema = converter.convert(raw, used);
  const defs = converter.defsOf(used);
  const withDefs = (root: JsonSchema): JsonSchema => (Object.keys(defs).length > 0 ? { ...root, $defs: defs } : root);
  const named = namedObject(schema, defs);
  if (named) {
    const component = converter.componentOf(raw && (raw as Json).$ref) as string;
    const below = converter.defsBelow(component);
    const own = { ...defs[named], title: named };
    return { outputType: named, output: Object.keys(below).length > 0 ? { ...own, $defs: below } : own };
  }
  const items = schema.type === 'array' ? namedObject(schema.items as JsonSchema, defs) : undefined;
  if (items) return { outputType: `${items}[]`, output: withDefs(schema) };
  if (schema.type === 'object' && typeof schema.properties === 'object') {
    return { outputType: typeName, output: withDefs({ title: typeName, ...schema }) };
  }
  return { outputType: renderTsType(schema), output: withDefs(schema) };
}

/** The name of a `$ref` to an object definition (one that renders as an interface), or undefined. */
function namedObject(schema: JsonSchema | undefined, defs: Record<string, JsonSchema>): string | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return undefined;
  const name = ref.slice(ref.lastIndexOf('/') + 1);
  const def = defs[name];
  return def && (def.type === 'object' || (def.type === undefined && typeof def.properties === 'object'))
    ? name
    : undefined;
}
