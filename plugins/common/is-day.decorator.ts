import { applyDecorators } from '@nestjs/common';
import { IsISO8601, Matches } from 'class-validator';

/** A calendar day `YYYY-MM-DD` (UTC) that exists. */
export function IsDay(): PropertyDecorator {
  return applyDecorators(
    Matches(/^\d{4}-\d{2}-\d{2}$/, { message: '$property must be a day written YYYY-MM-DD' }),
    IsISO8601({ strict: true }, { message: '$property must be a real calendar day' }),
  );
}

/** The half-open ISO timestamp range `[from 00:00Z, to + 1 day 00:00Z)` covering whole UTC days. */
export function dayRange(from?: string | null, to?: string | null): { start?: string; end?: string } {
  return {
    start: from ? `${from}T00:00:00.000Z` : undefined,
    end: to ? new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000).toISOString() : undefined,
  };
}
