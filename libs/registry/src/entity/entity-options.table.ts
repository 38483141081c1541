import { OptionRules, type OptionTable, optionalOption, requiredOption } from '../decorator-options';
import type { EntityOperationGroups, EntityOperationKey, EntityOptions } from './entity-options.interface';

const { text, boolean, strings, objectOf } = OptionRules;

/** The keys of `groups`. */
export const ENTITY_GROUPS_OPTIONS: OptionTable<EntityOperationGroups> = {
  reads: optionalOption(boolean),
  counts: optionalOption(boolean),
  deletes: optionalOption(boolean),
};

/** The keys of `rename`: one per generated operation. */
export const ENTITY_RENAME_OPTIONS: OptionTable<Partial<Record<EntityOperationKey, string>>> = {
  getAll: optionalOption(text),
  getByIds: optionalOption(text),
  getByQuery: optionalOption(text),
  getById: optionalOption(text),
  countAll: optionalOption(text),
  count: optionalOption(text),
  delete: optionalOption(text),
  deleteMany: optionalOption(text),
};

/** The keys of `@Entity()`. */
export const ENTITY_OPTIONS: OptionTable<EntityOptions> = {
  idField: requiredOption(text),
  name: optionalOption(text),
  plural: optionalOption(text),
  description: optionalOption(text),
  query: optionalOption(OptionRules.class),
  groups: optionalOption(objectOf(ENTITY_GROUPS_OPTIONS)),
  rename: optionalOption(objectOf(ENTITY_RENAME_OPTIONS)),
  setters: optionalOption(strings),
};
