import { Injectable, type OnModuleInit, type Type } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { invalidOptionsOf } from '../decorator-options';
import { DecoratorOptionsError, type InvalidDecoratorUse, OperationRegistrationError } from '../errors';
import { OperationRegistry } from '../operation.registry';
import { ENTITY_REPOSITORY_METADATA } from '../registry.constants';
import { distinctInstances } from '../utils/provider-methods.util';
import { entityMetadataOf } from './entity.decorators';
import { EntityOperationsFactory } from './entity-operations.factory';
import type { EntityMetadata } from './entity-options.interface';
import type { EntityStore } from './entity-store.interface';

/** An `@EntityRepository(Entity)` provider, the entity it stores and that entity's `@Entity()` metadata. */
interface StoredEntity {
  readonly type: Type<object>;
  readonly store: EntityStore<object>;
  readonly metadata: EntityMetadata | undefined;
}

/**
 * Finds the providers marked `@EntityRepository(Entity)` during module init and registers the
 * entity's generated operations, served by that provider.
 */
@Injectable()
export class EntityExplorer implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly registry: OperationRegistry,
  ) {}

  /** @throws DecoratorOptionsError first, listing every stored entity whose `@Entity()` options are wrong */
  onModuleInit(): void {
    const stored = [...this.storedEntities()];
    const invalid = stored.flatMap(invalidOptionsOfEntity);
    if (invalid.length > 0) throw new DecoratorOptionsError(invalid);
    for (const entity of stored) this.registerEntity(entity);
  }

  private *storedEntities(): Generator<StoredEntity> {
    for (const { instance } of distinctInstances(this.discovery.getProviders())) {
      const repository: unknown = (instance as { constructor?: unknown }).constructor;
      if (typeof repository !== 'function') continue;
      const type = Reflect.getMetadata(ENTITY_REPOSITORY_METADATA, repository) as Type<object> | undefined;
      if (type) yield { type, store: instance as EntityStore<object>, metadata: entityMetadataOf(type) };
    }
  }

  private registerEntity({ type, store, metadata }: StoredEntity): void {
    const source = `${store.constructor.name} (entity ${type.name})`;
    if (!metadata) throw new OperationRegistrationError(`${source}: ${type.name} is not decorated with @Entity()`);
    for (const definition of new EntityOperationsFactory(metadata, store as never).create()) {
      this.registry.add({ ...definition, source });
    }
  }
}

function invalidOptionsOfEntity({ type, store, metadata }: StoredEntity): InvalidDecoratorUse[] {
  const invalid = invalidOptionsOf(metadata);
  return invalid ? [{ ...invalid, source: `${type.name} (stored by ${store.constructor.name})` }] : [];
}
