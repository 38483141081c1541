import { ArgDescription, Normalize } from '@myko/registry';
import { applyDecorators } from '@nestjs/common';
import { IsOptional, IsString, Length } from 'class-validator';

// Each applies its validators in the order the stack `@IsOptional() @IsString() … @Normalize('upper')`
// it replaces applied them (bottom up), so the schemas come out as they did from the stack.

/** A warehouse code argument (1–10 characters, upper-cased), e.g. `BER`; optional unless `required`. */
export function WarehouseCodeArg(description: string, { required = false } = {}): PropertyDecorator {
  const rules = [Normalize('upper'), ArgDescription(description), Length(1, 10), IsString()];
  return applyDecorators(...rules, ...(required ? [] : [IsOptional()]));
}

/** An optional product category argument (an exact category name, matched upper-cased). */
export function CategoryArg(description: string): PropertyDecorator {
  return applyDecorators(Normalize('upper'), ArgDescription(description), IsString(), IsOptional());
}
