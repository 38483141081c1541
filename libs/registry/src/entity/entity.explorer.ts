import { Injectable, type OnModuleInit, type Type } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { OperationRegistrationError } from '../errors';
import { OperationRegistry } from '../operation.registry';
import { ENTITY_REPOSITORY_METADATA } from '../registry.constants';
import { distinctInstances } from '../utils/provider-methods.util';
import { entityMetadataOf } from './entity.decorators';
import { EntityOperationsFactory } from './entity-operations.factory';
import type { EntityStore } from './entity-store.interface';

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

  onModuleInit(): void {
    for (const { instance } of distinctInstances(this.discovery.getProviders())) {
      const type: unknown = (instance as { constructor?: unknown }).constructor;
      if (typeof type !== 'function') continue;
      const entity = Reflect.getMetadata(ENTITY_REPOSITORY_METADATA, type) as Type<object> | undefined;
      if (entity) this.registerEntity(entity, instance as EntityStore<object>);
    }
  }

  private registerEntity(type: Type<object>, store: EntityStore<object>): void {
    const source = `${store.constructor.name} (entity ${type.name})`;
    const entity = entityMetadataOf(type);
    if (!entity) throw new OperationRegistrationError(`${source}: ${type.name} is not decorated with @Entity()`);
    for (const definition of new EntityOperationsFactory(entity, store as never).create()) {
      this.registry.add({ ...definition, source });
    }
  }
}
