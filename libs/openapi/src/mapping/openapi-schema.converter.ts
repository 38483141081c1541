import type { JsonSchema } from '@myko/registry';
import { typeNamesOf } from './type-names';

type Json = Record<string, unknown>;

const COMPONENT_SCHEMA_REF = '#/components/schemas/';
const DEFS_REF = '#/$defs/';
/** Deeper than any real schema nests; past it a pointer cycle outside `components.schemas` is cut off. */
const MAX_INLINE_DEPTH = 32;
/** OpenAPI-only or documentation keywords: not validation, not worth an agent's tokens. */
const DROPPED = new Set(['example', 'examples', 'xml', 'externalDocs', 'discriminator', 'nullable', '$schema', '$id']);
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_VALUES = ['items', 'additionalProperties', 'not', 'contains', 'if', 'then', 'else', 'propertyNames'];

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Turns a document's schemas (OpenAPI 3.0's dialect, or 3.1's JSON Schema) into JSON Schema 2020-12:
 * `nullable` becomes a `null` type, boolean `exclusiveMinimum`/`Maximum` numbers, and each reference to
 * `#/components/schemas/X` a `$ref` into `$defs` under a TypeScript-safe name (`issue-comment` →
 * `IssueComment`), so search and type checks show named types. Every component is converted once and
 * shared by the operations that use it.
 */
export class OpenApiSchemaConverter {
  private readonly components: Json;
  private readonly names: Map<string, string>;
  private readonly converted = new Map<string, JsonSchema>();
  private readonly closures = new Map<string, ReadonlySet<string>>();

  constructor(
    private readonly document: Json,
    typePrefix = '',
  ) {
    const components = isObject(document.components) ? document.components.schemas : undefined;
    this.components = isObject(components) ? components : {};
    this.names = typeNamesOf(Object.keys(this.components), typePrefix);
  }

  /** The component `#/components/schemas/X` names, or undefined for any other reference. */
  componentOf(ref: unknown): string | undefined {
    if (typeof ref !== 'string' || !ref.startsWith(COMPONENT_SCHEMA_REF)) return undefined;
    const component = decodePointer(ref.slice(COMPONENT_SCHEMA_REF.length));
    return Object.hasOwn(this.components, component) ? component : undefined;
  }

  /** The TypeScript name of a component. */
  typeName(component: string): string {
    return this.names.get(component) ?? component;
  }

  /** The raw schema of a component, for decisions made on its shape (flattening a body). */
  rawComponent(component: string): unknown {
    return this.components[component];
  }

  /** `schema` in 2020-12; each component it references is added to `used`. */
  convert(schema: unknown, used: Set<string>, depth = 0): JsonSchema {
    if (schema === true || schema === undefined) return {};
    if (!isObject(schema)) return schema === false ? { not: {} } : {};
    if (typeof schema.$ref === 'string') return this.reference(schema, used, depth);
    const out: Json = {};
    for (const [key, value] of Object.entries(schema)) {
      if (DROPPED.has(key) || key.startsWith('x-')) continue;
      const converted = this.keyword(key, value, schema, used, depth);
      if (converted !== undefined) out[key] = converted;
    }
    return schema.nullable === true ? nullable(out) : out;
  }

  /** The converted components `used` names and every component they reference, under their type names. */
  defsOf(used: ReadonlySet<string>): Record<string, JsonSchema> {
    const all = new Set<string>();
    for (const component of used) for (const reached of this.closureOf(component)) all.add(reached);
    const defs: Record<string, JsonSchema> = {};
    for (const component of all) defs[this.typeName(component)] = this.component(component);
    return defs;
  }

  /** The `$defs` a component's own schema needs: what it references, itself only when it is recursive. */
  defsBelow(component: string): Record<string, JsonSchema> {
    this.component(component);
    return this.defsOf(this.closures.get(component) ?? new Set());
  }

  /** A component converted once; what it references directly is kept for the closures. */
  component(component: string): JsonSchema {
    let schema = this.converted.get(component);
    if (!schema) {
      const direct = new Set<string>();
      // Placeholder first: a component that references itself finds it and stops.
      this.converted.set(component, {});
      schema = this.convert(this.components[component], direct);
      this.converted.set(component, schema);
      this.closures.set(component, direct);
    }
    return schema;
  }

  private closureOf(start: string): Set<string> {
    const reached = new Set<string>();
    const pending = [start];
    while (pending.length > 0) {
      const component = pending.pop() as string;
      if (reached.has(component)) continue;
      reached.add(component);
      this.component(component);
      for (const next of this.closures.get(component) ?? []) if (!reached.has(next)) pending.push(next);
    }
    return reached;
  }

  private reference(schema: Json, used: Set<string>, depth: number): JsonSchema {
    const component = this.componentOf(schema.$ref);
    if (component !== undefined) {
      used.add(component);
      const ref = { $ref: DEFS_REF + this.typeName(component) };
      // OpenAPI 3.0 ignores siblings of $ref, except that a description documents the use.
      return typeof schema.description === 'string' ? { ...ref, description: schema.description } : ref;
    }
    const target = depth < MAX_INLINE_DEPTH ? resolvePointer(this.document, schema.$ref as string) : undefined;
    return target === undefined ? {} : this.convert(target, used, depth + 1);
  }

  private keyword(key: string, value: unknown, schema: Json, used: Set<string>, depth: number): unknown {
    if (SCHEMA_VALUES.includes(key)) return typeof value === 'boolean' ? value : this.convert(value, used, depth);
    if (SCHEMA_LISTS.includes(key) && Array.isArray(value)) return value.map((item) => this.convert(item, used, depth));
    if (SCHEMA_MAPS.includes(key) && isObject(value)) {
      return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, this.convert(item, used, depth)]));
    }
    // OpenAPI 3.0: `exclusiveMinimum: true` qualifies `minimum`; 2020-12 takes the bound itself.
    if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'boolean') {
      const bound = schema[key === 'exclusiveMinimum' ? 'minimum' : 'maximum'];
      return value && typeof bound === 'number' ? bound : undefined;
    }
    return value;
  }
}

/** `nullable: true` in 2020-12: `null` joins the type (or the enum), else an `anyOf` with null. */
function nullable(schema: Json): JsonSchema {
  const { type } = schema;
  const withNullEnum = Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {};
  if (typeof type === 'string') return { ...schema, type: [type, 'null'], ...withNullEnum };
  if (Array.isArray(type)) return { ...schema, type: [...new Set([...type, 'null'])], ...withNullEnum };
  return { anyOf: [schema, { type: 'null' }] };
}

/** The value at a local JSON pointer (`#/components/parameters/page`), or undefined. */
export function resolvePointer(document: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let current: unknown = document;
  for (const part of ref.slice(2).split('/')) {
    if (!isObject(current) && !Array.isArray(current)) return undefined;
    current = (current as Json)[decodePointer(part)];
  }
  return current;
}

function decodePointer(part: string): string {
  return decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Follows `$ref`s of non-schema objects (parameters, request bodies, responses) to the object. */
export function dereference(document: Json, value: unknown, depth = 0): Json | undefined {
  if (!isObject(value)) return undefined;
  if (typeof value.$ref !== 'string') return value;
  return depth < MAX_INLINE_DEPTH ? dereference(document, resolvePointer(document, value.$ref), depth + 1) : undefined;
}
