import type { Type } from '@nestjs/common';
import { type ArgsRecipe, type FieldType, type FilterField, STATUSES } from './synthetic.catalog';
import { type DtoClassCache, type DtoField } from './synthetic-dto.factory';

const field = (name: string, type: FieldType, optional: boolean, description: string): DtoField => ({
  name,
  type,
  optional,
  description,
});
const filter = (f: FilterField, optional = true) => field(f.name, f.type, optional, f.description);
const text = (name: string, optional: boolean, description: string) =>
  field(name, { kind: 'string' }, optional, description);
const int = (name: string, optional: boolean, description: string) =>
  field(name, { kind: 'int', min: 0, max: 1_000_000 }, optional, description);
const flag = (name: string, description: string) => field(name, { kind: 'bool' }, true, description);
const status = (optional: boolean) =>
  field('status', { kind: 'enum', values: STATUSES }, optional, 'Lifecycle status.');
const recordId = () => int('id', false, 'Id of the record.');

/** The 3–6 arguments of each recipe, given the entity's two filter fields. */
const RECIPES: Record<ArgsRecipe, (f0: FilterField, f1: FilterField) => DtoField[]> = {
  page: (f0, f1) => [
    filter(f0),
    filter(f1),
    status(true),
    text('text', true, 'Text in the name or reference.'),
    int('offset', true, 'Items to skip.'),
    int('limit', true, 'Page size, at most 100.'),
  ],
  ids: () => [
    field('ids', { kind: 'ints' }, false, 'Ids to fetch.'),
    flag('includeArchived', 'Also return archived items.'),
    text('fields', true, 'Comma-separated fields to return; all when omitted.'),
  ],
  text: (_f0, f1) => [text('text', false, 'Words to look for.'), filter(f1), int('limit', true, 'At most this many.')],
  one: (f0) => [recordId(), filter(f0), flag('verbose', 'Include related records.')],
  range: (f0, f1) => [
    text('from', true, 'First day, YYYY-MM-DD.'),
    text('to', true, 'Last day, YYYY-MM-DD.'),
    filter(f0),
    filter(f1),
  ],
  create: (f0, f1) => [
    text('reference', false, 'Unique business reference.'),
    text('name', false, 'Display name.'),
    filter(f0, false),
    filter(f1),
    text('notes', true, 'Free text.'),
  ],
  update: (f0, f1) => [recordId(), status(true), filter(f0), filter(f1), text('notes', true, 'Free text.')],
};

const capitalize = (word: string) => word[0].toUpperCase() + word.slice(1);

/**
 * The arguments DTO of a recipe for an entity's field pair. Operations of one recipe and one field
 * pair share it, as real backends share argument classes (`ListRegionTierArgs`).
 */
export function argumentsDto(cache: DtoClassCache, recipe: ArgsRecipe, f0: FilterField, f1: FilterField): Type<object> {
  const name = `${capitalize(recipe)}${capitalize(f0.name)}${capitalize(f1.name)}Args`;
  return cache.get(name, () => RECIPES[recipe](f0, f1));
}
