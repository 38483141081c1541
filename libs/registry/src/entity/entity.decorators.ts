import type { Type } from '@nestjs/common';
import { inspectOptions, recordInvalidOptions } from '../decorator-options';
import { ENTITY_METADATA, ENTITY_REPOSITORY_METADATA } from '../registry.constants';
import type { EntityMetadata, EntityOptions } from './entity-options.interface';
import { ENTITY_OPTIONS } from './entity-options.table';

/**
 * Declares a DTO class as an entity: a record type with an id, whose operations (`GetAll<E>s`,
 * `Get<E>sByIds`, `Get<E>sByQuery`, `Get<E>ById`, `CountAll<E>s`, `Count<E>s`, `Delete<E>`,
 * `Delete<E>s`, and `Set<E><Field>` for `setters`) are generated once a provider marked
 * `@EntityRepository(Class)` stores it. Its validation decorators describe the fields.
 *
 * @example
 * ```ts
 * @Entity({ idField: 'id', description: 'a customer account', query: CustomerQuery, groups: { deletes: false } })
 * export class Customer { @IsInt() id: number; @IsString() name: string; }
 * ```
 * @publicApi
 */
export function Entity(options: EntityOptions): ClassDecorator {
  const invalid = inspectOptions('@Entity', Entity, options, ENTITY_OPTIONS);
  return (target) => {
    const type = target as unknown as Type<object>;
    // `?.`: a JavaScript plugin gets no compile-time check and may pass nothing; the explorer reports it.
    const name = options?.name ?? type.name;
    const metadata: EntityMetadata = Object.freeze({ ...options, type, name, plural: options?.plural ?? `${name}s` });
    recordInvalidOptions(metadata, invalid);
    Reflect.defineMetadata(ENTITY_METADATA, metadata, target);
  };
}

/**
 * Marks the provider that stores an `@Entity()` class (it implements `EntityStore`), so the
 * entity's operations are generated and served by it.
 * @publicApi
 */
export function EntityRepository(entity: Type<object>): ClassDecorator {
  return (target) => Reflect.defineMetadata(ENTITY_REPOSITORY_METADATA, entity, target);
}

/** The `@Entity()` metadata of a class, if it has any. */
export function entityMetadataOf(type: Type<object>): EntityMetadata | undefined {
  return Reflect.getMetadata(ENTITY_METADATA, type) as EntityMetadata | undefined;
}
