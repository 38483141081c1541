import { ArgDescription } from '@myko/registry';
import { applyDecorators } from '@nestjs/common';
import { IsOptional } from 'class-validator';
import { IsDay } from '../is-day.decorator';

/** An optional range of whole UTC days, both ends included (`dayRange` turns it into timestamps). */
export interface DateRangeArgs {
  from?: string;
  to?: string;
}

// Applied in the order a stack of `@IsOptional() @IsDay() @ArgDescription(…)` applies (bottom up), so
// the schema comes out as it did from the stack.
function dayArg(description: string): PropertyDecorator {
  return applyDecorators(ArgDescription(description), IsDay(), IsOptional());
}

/** `from` of a `DateRangeArgs`: optional, a day `YYYY-MM-DD` (UTC) that exists. */
export function RangeFrom(description = 'First day included, YYYY-MM-DD (UTC). Omit for no lower bound.') {
  return dayArg(description);
}

/** `to` of a `DateRangeArgs`: optional, a day `YYYY-MM-DD` (UTC) that exists. */
export function RangeTo(description = 'Last day included, YYYY-MM-DD (UTC). Omit for no upper bound.') {
  return dayArg(description);
}
