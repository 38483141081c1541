import type { Type } from '@nestjs/common';
import { type ClassTransformOptions, plainToInstance, TransformationType } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage } from 'class-validator';

const TRANSFORM_OPTIONS: ClassTransformOptions = { enableImplicitConversion: false };

/** Keys class-transformer never copies onto an instance; neither does the plain path. */
const SKIPPED_KEYS = new Set(['__proto__', 'constructor']);

/** Builds the DTO instance class-validator validates, from parsed JSON arguments. */
export type DtoInstanceFactory = (plain: Record<string, unknown>) => object;

/**
 * Whether class-transformer would do more than copy keys onto a new instance: `@Type`/`@Transform`
 * on a validated property, or `@Expose`/`@Exclude` anywhere on the class or its ancestors.
 */
function usesClassTransformer(type: Type<object>): boolean {
  const storage = defaultMetadataStorage;
  if (storage.getExposedMetadatas(type).length > 0 || storage.getExcludedMetadatas(type).length > 0) return true;
  const properties = new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(type, '', true, false)
      .map((metadata) => metadata.propertyName),
  );
  for (const property of properties) {
    if (storage.findTypeMetadata(type, property)) return true;
    if (storage.findTransformMetadatas(type, property, TransformationType.PLAIN_TO_CLASS).length > 0) return true;
  }
  return false;
}

/**
 * `plainToInstance` for DTOs that need it; for the common flat DTO (no class-transformer decorator)
 * the same result without its per-key metadata lookups: a new instance with the arguments' keys,
 * values as parsed (JSON values need no conversion, and implicit conversion is off anyway).
 */
export function dtoInstanceFactory(type: Type<object>): DtoInstanceFactory {
  if (usesClassTransformer(type)) return (plain) => plainToInstance(type, plain, TRANSFORM_OPTIONS);
  return (plain) => {
    const instance = new type() as Record<string, unknown>;
    for (const key of Object.keys(plain)) if (!SKIPPED_KEYS.has(key)) instance[key] = plain[key];
    return instance;
  };
}
