import type { Type } from '@nestjs/common';
import { ArrayMaxSize, ArrayMinSize, getMetadataStorage, IsArray, IsInt, IsOptional, Max, Min } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { ArgDescription } from '../decorators/arg-description.decorator';
import { ENTITY_MAX_BATCH } from '../registry.constants';
import type { EntityMetadata } from './entity-options.interface';

/** The default page size of generated list operations. */
export const ENTITY_DEFAULT_LIMIT = 100;

/** A class named `name` (schemas and TypeScript shapes show it), extending `base` if given. */
function namedClass(name: string, base?: Type<object>): Type<object> {
  const holder: Record<string, Type<object>> = base ? { [name]: class extends base {} } : { [name]: class {} };
  return holder[name];
}

function decorate(type: Type<object>, property: string, design: unknown, decorators: PropertyDecorator[]): void {
  Reflect.defineMetadata('design:type', design, type.prototype, property);
  Reflect.decorate(decorators, type.prototype, property);
}

/**
 * Copies the validation rules of `from.field` onto `to.property` (as rules of each item when
 * `each`), so a generated argument is checked exactly like the entity's own field.
 */
function copyRules(from: Type<object>, field: string, to: Type<object>, property: string, each = false): void {
  const storage = getMetadataStorage();
  const rules = storage.getTargetValidationMetadatas(from, '', true, false).filter((m) => m.propertyName === field);
  for (const rule of rules) {
    const copy: ValidationMetadata = Object.assign(Object.create(Object.getPrototypeOf(rule)), rule, {
      target: to,
      propertyName: property,
      ...(each ? { each: true } : {}),
    });
    storage.addValidationMetadata(copy);
  }
  if (!each) Reflect.defineMetadata('design:type', designType(from, field), to.prototype, property);
}

/** The TypeScript type of an entity field as emitted by `emitDecoratorMetadata`. */
export function designType(type: Type<object>, field: string): unknown {
  return Reflect.getMetadata('design:type', type.prototype, field);
}

function addPage(type: Type<object>): void {
  decorate(type, 'limit', Number, [
    IsOptional(),
    IsInt(),
    Min(1),
    Max(ENTITY_MAX_BATCH),
    ArgDescription(`Page size, 1-${ENTITY_MAX_BATCH} (default ${ENTITY_DEFAULT_LIMIT}).`),
  ]);
  decorate(type, 'offset', Number, [IsOptional(), IsInt(), Min(0), ArgDescription('Records to skip (default 0).')]);
}

function addId(entity: EntityMetadata, type: Type<object>): void {
  copyRules(entity.type, entity.idField, type, 'id');
  Reflect.decorate([ArgDescription(`The ${entity.name}'s ${entity.idField}.`)], type.prototype, 'id');
}

/** Builds the argument DTOs of an entity's generated operations, named after each operation. */
export class EntityArgsFactory {
  constructor(private readonly entity: EntityMetadata) {}

  page(operationId: string): Type<object> {
    const type = namedClass(`${operationId}Args`);
    addPage(type);
    return type;
  }

  id(operationId: string): Type<object> {
    const type = namedClass(`${operationId}Args`);
    addId(this.entity, type);
    return type;
  }

  ids(operationId: string): Type<object> {
    const type = namedClass(`${operationId}Args`);
    decorate(type, 'ids', Array, [
      IsArray(),
      ArrayMinSize(1),
      ArrayMaxSize(ENTITY_MAX_BATCH),
      ArgDescription(`${this.entity.idField} values, 1-${ENTITY_MAX_BATCH}.`),
    ]);
    copyRules(this.entity.type, this.entity.idField, type, 'ids', true);
    return type;
  }

  /** The entity's query DTO plus paging (for `Get<E>sByQuery`), or the query alone (for `Count<E>s`). */
  query(operationId: string, paged: boolean): Type<object> {
    const type = namedClass(`${operationId}Args`, this.entity.query);
    if (paged) addPage(type);
    return type;
  }

  setter(operationId: string, field: string): Type<object> {
    const type = namedClass(`${operationId}Args`);
    addId(this.entity, type);
    copyRules(this.entity.type, field, type, 'value');
    Reflect.decorate([ArgDescription(`The new ${field}.`)], type.prototype, 'value');
    return type;
  }
}
