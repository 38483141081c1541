export { Entity, EntityRepository } from './entity.decorators';
export type {
  EntityOperationGroups,
  EntityOperationKey,
  EntityOptions,
} from './entity-options.interface';
export { EntitiesDeleted, EntityDeleted } from './entity-results.dto';
export type { EntityPage, EntityStore } from './entity-store.interface';
