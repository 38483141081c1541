import 'reflect-metadata';
import { ArgDescription } from '@myko/registry';
import type { Type } from '@nestjs/common';
import { Type as TypeHint } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, Min, ValidateNested } from 'class-validator';
import type { FieldType } from './synthetic.catalog';

/** One property of a generated DTO class. */
export interface DtoField {
  readonly name: string;
  readonly type: FieldType | { readonly kind: 'nested'; readonly of: Type<object>; readonly list: boolean };
  readonly optional: boolean;
  readonly description?: string;
}

const DESIGN_TYPES: Record<DtoField['type']['kind'], unknown> = {
  string: String,
  int: Number,
  bool: Boolean,
  enum: String,
  strings: Array,
  ints: Array,
  nested: Object,
};

/** The class-validator (and class-transformer) decorators that give a field its type. */
function decoratorsOf(type: DtoField['type']): PropertyDecorator[] {
  switch (type.kind) {
    case 'string':
      return [IsString()];
    case 'int':
      return [
        IsInt(),
        ...(type.min === undefined ? [] : [Min(type.min)]),
        ...(type.max === undefined ? [] : [Max(type.max)]),
      ];
    case 'bool':
      return [IsBoolean()];
    case 'enum':
      return [IsIn([...type.values])];
    case 'strings':
      return [IsArray(), IsString({ each: true })];
    case 'ints':
      return [IsArray(), IsInt({ each: true })];
    case 'nested':
      return [ValidateNested({ each: type.list }), TypeHint(() => type.of)];
  }
}

/**
 * A real class-validator DTO class named `name`, built at runtime: what `@IsString() name: string`
 * and friends would declare, applied as functions since the class has no source. Its schema,
 * validation and TypeScript rendering come from the registry exactly as for a written DTO.
 */
export function createDtoClass(name: string, fields: readonly DtoField[]): Type<object> {
  const Dto = { [name]: class {} }[name] as Type<object>;
  for (const field of fields) {
    const designType = field.type.kind === 'nested' && !field.type.list ? field.type.of : DESIGN_TYPES[field.type.kind];
    Reflect.defineMetadata('design:type', designType, Dto.prototype, field.name);
    if (field.optional) IsOptional()(Dto.prototype, field.name);
    for (const decorate of decoratorsOf(field.type)) decorate(Dto.prototype, field.name);
    if (field.description) ArgDescription(field.description)(Dto.prototype, field.name);
  }
  return Dto;
}

/** Builds each named class once per process: generated operations of any count share their DTOs. */
export class DtoClassCache {
  private readonly classes = new Map<string, Type<object>>();

  get(name: string, fields: () => readonly DtoField[]): Type<object> {
    let dto = this.classes.get(name);
    if (!dto) {
      dto = createDtoClass(name, fields());
      this.classes.set(name, dto);
    }
    return dto;
  }

  get size(): number {
    return this.classes.size;
  }
}
