import type { Type } from '@nestjs/common';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import * as cv from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import type { ISchemaConverters } from 'class-validator-jsonschema/build/defaultConverters';
import { nestedTypeMissingMessage } from '../registry.messages';

/** Prefix of references to nested DTO schemas (JSON Schema 2020-12 `$defs`). */
export const DEFS_REF_PREFIX = '#/$defs/';

/**
 * Where a nested class is reported, with the field that reaches it (`Order.lines`), so the schema factory can
 * add it to `$defs` and name that field when the class cannot be described.
 */
export type NestedClassSink = (type: Type<object>, reachedBy: string) => void;

const DATE_STRING = { type: 'string', anyOf: [{ format: 'date-time' }, { format: 'date' }] };
const PRIMITIVES = new Map<unknown, object>([
  [String, { type: 'string' }],
  [Number, { type: 'number' }],
  [Boolean, { type: 'boolean' }],
  [Date, DATE_STRING],
]);

/**
 * Overrides of class-validator-jsonschema's converters. The defaults give `@Min` and `@Max` a
 * `type: number` that overwrites `@IsInt`'s `integer`, list numeric enums twice, and emit `$ref`s to
 * classes they never define; these keep types intact and report nested DTOs to `onNested`.
 */
export function createSchemaConverters(onNested: NestedClassSink, requireTypeHints: boolean): ISchemaConverters {
  const converters: Record<string, object | ((meta: ValidationMetadata) => object)> = {
    [cv.ValidationTypes.NESTED_VALIDATION]: (meta) => nestedSchema(meta, onNested, requireTypeHints),
    [cv.ValidationTypes.CUSTOM_VALIDATION]: (meta) => designTypeSchema(meta),
    [cv.IS_ENUM]: (meta) => literalsSchema(enumValues(meta.constraints[0])),
    [cv.IS_IN]: (meta) => literalsSchema(meta.constraints[0]),
    [cv.IS_NOT_EMPTY]: { minLength: 1 },
    [cv.MIN]: (meta) => ({ minimum: meta.constraints[0] }),
    [cv.MAX]: (meta) => ({ maximum: meta.constraints[0] }),
    [cv.IS_POSITIVE]: { exclusiveMinimum: 0 },
    [cv.IS_NEGATIVE]: { exclusiveMaximum: 0 },
    [cv.IS_DATE]: DATE_STRING,
    [cv.IS_DATE_STRING]: DATE_STRING,
    [cv.IS_ISO8601]: DATE_STRING,
  };
  // These are plain JSON Schema objects; the library types them as openapi3-ts SchemaObjects.
  return converters as ISchemaConverters;
}

function nestedSchema(meta: ValidationMetadata, onNested: NestedClassSink, requireTypeHints: boolean): object {
  const owner = meta.target as Type<object>;
  const hinted = defaultMetadataStorage.findTypeMetadata(owner, meta.propertyName);
  const child: unknown = hinted
    ? hinted.typeFunction()
    : Reflect.getMetadata('design:type', owner.prototype, meta.propertyName);
  const primitive = PRIMITIVES.get(child);
  if (primitive) return primitive;
  const isDto = typeof child === 'function' && child !== Array && child !== Object;
  if (requireTypeHints && (!hinted || !isDto)) {
    throw new Error(nestedTypeMissingMessage(owner.name, meta.propertyName));
  }
  if (!isDto) return { type: 'object' };
  onNested(child as Type<object>, `${owner.name}.${meta.propertyName}`);
  return { $ref: DEFS_REF_PREFIX + (child as Type<object>).name };
}

function designTypeSchema(meta: ValidationMetadata): object {
  if (typeof meta.target !== 'function') return {};
  const type: unknown = Reflect.getMetadata('design:type', meta.target.prototype, meta.propertyName);
  if (type === Array) return { type: 'array' };
  return PRIMITIVES.get(type) ?? {};
}

/** The member values of a TS enum or enum-like object, without a numeric enum's reverse mappings. */
function enumValues(target: Record<string, unknown>): unknown[] {
  return Object.entries(target)
    .filter(([key]) => Number.isNaN(Number(key)))
    .map(([, value]) => value);
}

function literalsSchema(values: readonly unknown[]): object {
  const types = new Set(values.map((value) => jsonTypeOf(value)));
  if (types.has('integer') && types.has('number')) types.delete('integer');
  const [only] = types;
  return types.size === 1 && only ? { type: only, enum: [...values] } : { enum: [...values] };
}

function jsonTypeOf(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'boolean') return typeof value;
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (value === null) return 'null';
  return undefined;
}
