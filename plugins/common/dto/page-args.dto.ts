import { ArgDescription } from '@myko/registry';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** Largest page any list query returns. */
export const MAX_PAGE_SIZE = 200;

/** Default page size of list queries. */
export const DEFAULT_PAGE_SIZE = 50;

/** Paging arguments shared by every list query (offset paging). */
export class PageArgs {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  @ArgDescription(`Maximum number of items to return, 1-${MAX_PAGE_SIZE}. Default ${DEFAULT_PAGE_SIZE}.`)
  limit?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @ArgDescription("Number of items to skip; pass the previous page's nextOffset to get the next page. Default 0.")
  offset?: number;
}
