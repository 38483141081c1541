import type { Type } from '@nestjs/common';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { targetConstructorToSchema } from 'class-validator-jsonschema';
import type { ISchemaConverters } from 'class-validator-jsonschema/build/defaultConverters';
import type { JsonSchema } from '../interfaces';
import { defNameClashMessage, undescribedOutputMessage } from '../registry.messages';
import { toDraft2020 } from './json-schema-2020';
import { nullableOptionals } from './nullable-schema';
import { createSchemaConverters, DEFS_REF_PREFIX } from './schema-converters';

/**
 * `input`: an arguments DTO. Every object is closed (`additionalProperties: false`, as the invoker rejects
 * unknown keys) and nested DTOs must carry `@Type()`. `output`: a result DTO, described but never enforced;
 * it and every class nested in it must have at least one decorated field.
 */
export type DtoSchemaMode = 'input' | 'output';

/** The schema of one DTO class and of every DTO class reachable from it. */
export interface DtoSchema {
  /** The class's object schema; nested DTOs appear as `{ $ref: '#/$defs/<ClassName>' }`. */
  readonly schema: JsonSchema;
  /** Object schemas of the nested classes by name (the root too, when it refers to itself). */
  readonly defs: Readonly<Record<string, JsonSchema>>;
}

/**
 * Builds JSON Schemas (2020-12) from class-validator metadata with class-validator-jsonschema, following
 * class-transformer's `@Type()` into nested DTOs. Results are cached per class: a schema is built once.
 */
export class DtoSchemaFactory {
  private readonly cache: Record<DtoSchemaMode, WeakMap<Type<object>, DtoSchema>> = {
    input: new WeakMap(),
    output: new WeakMap(),
  };

  /**
   * @throws Error when a nested input DTO has no `@Type()`, two nested classes share a name, or an output class
   * has no decorated field (its fields would be invisible to agents).
   */
  create(root: Type<object>, mode: DtoSchemaMode): DtoSchema {
    let result = this.cache[mode].get(root);
    if (!result) {
      result = this.build(root, mode);
      this.cache[mode].set(root, result);
    }
    return result;
  }

  private build(root: Type<object>, mode: DtoSchemaMode): DtoSchema {
    const classes = new Map<string, Type<object>>([[root.name, root]]);
    const pending: Type<object>[] = [root];
    const reachedBy = new Map<Type<object>, string>();
    const converters = createSchemaConverters((type, field) => {
      const known = classes.get(type.name);
      if (known === type) return;
      if (known) throw new Error(defNameClashMessage(type.name));
      classes.set(type.name, type);
      reachedBy.set(type, field);
      pending.push(type);
    }, mode === 'input');

    const objects: Record<string, JsonSchema> = {};
    for (let type = pending.shift(); type; type = pending.shift()) {
      objects[type.name] = objectSchema(type, converters, mode);
      if (mode === 'output' && !objects[type.name].properties) {
        throw new Error(undescribedOutputMessage(type.name, reachedBy.get(type)));
      }
    }
    const { [root.name]: schema, ...nested } = objects;
    const selfReferencing = JSON.stringify(objects).includes(`"${DEFS_REF_PREFIX}${root.name}"`);
    return { schema, defs: selfReferencing ? objects : nested };
  }
}

function objectSchema(type: Type<object>, converters: ISchemaConverters, mode: DtoSchemaMode): JsonSchema {
  const raw = targetConstructorToSchema(type, {
    additionalConverters: converters,
    classTransformerMetadataStorage: defaultMetadataStorage,
    refPointerPrefix: DEFS_REF_PREFIX,
  });
  const { type: _type, properties = {}, required, ...rest } = toDraft2020(raw) as JsonSchema & { properties?: object };
  const closed = mode === 'input';
  // An output class without validation decorators is unknown, not empty: `build` refuses it.
  const described = closed || Object.keys(properties).length > 0;
  const shown = closed ? properties : nullableOptionals(properties as Record<string, JsonSchema>, required);
  return {
    type: 'object',
    ...rest,
    ...(described ? { properties: shown } : {}),
    ...(Array.isArray(required) && required.length > 0 ? { required } : {}),
    ...(closed ? { additionalProperties: false } : {}),
  };
}
