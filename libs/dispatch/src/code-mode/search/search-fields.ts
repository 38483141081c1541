import type { JsonSchema, OperationDescriptor } from '@myko/registry';
import { analyzeIdentifier, analyzeText, type QueryTerm } from './search.analyzer';

/**
 * How much one occurrence of a word counts, by where it is (BM25F field weights). The id and the
 * plugin's keywords say what the operation is; the description and argument names say it in
 * passing; output field names and argument descriptions are the weakest evidence.
 */
export const FIELD_WEIGHTS = Object.freeze({
  id: 4,
  keywords: 3,
  kind: 1,
  outputType: 1.5,
  argName: 1.5,
  description: 1,
  outputField: 0.5,
  argDescription: 0.5,
});

/** A field's analyzed words and the weight of each occurrence. */
export interface WeightedField {
  readonly terms: readonly QueryTerm[];
  readonly weight: number;
}

/**
 * The searchable fields of an operation. Argument and output type names repeat across operations,
 * so their analysis is cached by the caller's `cache`.
 */
export function operationFields(op: OperationDescriptor, cache: Map<string, QueryTerm[]>): WeightedField[] {
  const identifier = (name: string) => cached(cache, `#${name}`, () => analyzeIdentifier(name));
  const text = (value: string) => cached(cache, value, () => analyzeText(value));
  const fields: WeightedField[] = [
    { terms: identifier(op.id), weight: FIELD_WEIGHTS.id },
    { terms: identifier(op.kind), weight: FIELD_WEIGHTS.kind },
    { terms: text(op.description), weight: FIELD_WEIGHTS.description },
    { terms: identifier(outputTypeName(op.outputType)), weight: FIELD_WEIGHTS.outputType },
  ];
  for (const keyword of op.keywords ?? []) fields.push({ terms: text(keyword), weight: FIELD_WEIGHTS.keywords });
  for (const arg of op.args) {
    fields.push({ terms: identifier(arg.name), weight: FIELD_WEIGHTS.argName });
    if (arg.description) fields.push({ terms: text(arg.description), weight: FIELD_WEIGHTS.argDescription });
  }
  for (const field of outputFieldNames(op.outputSchema)) {
    fields.push({ terms: identifier(field), weight: FIELD_WEIGHTS.outputField });
  }
  return fields;
}

/** `OrderPage` of `OrderPage`, `Order` of `Order[]`. */
function outputTypeName(outputType: string): string {
  return outputType.replace(/\[\]$/, '');
}

/** The property names of the result object, or of the items of a result list. */
export function outputFieldNames(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  let object: unknown = schema;
  const items = schema.items as JsonSchema | undefined;
  if (schema.type === 'array' && items) {
    const ref = typeof items.$ref === 'string' ? items.$ref.slice(items.$ref.lastIndexOf('/') + 1) : undefined;
    object = ref ? (schema.$defs as Record<string, unknown> | undefined)?.[ref] : items;
  }
  const properties = (object as JsonSchema | undefined)?.properties;
  return properties && typeof properties === 'object' ? Object.keys(properties) : [];
}

function cached(cache: Map<string, QueryTerm[]>, key: string, analyze: () => QueryTerm[]): QueryTerm[] {
  let terms = cache.get(key);
  if (!terms) {
    terms = analyze();
    cache.set(key, terms);
  }
  return terms;
}
