import { IsInt, IsOptional } from 'class-validator';
import { Describe } from '../describe.decorator';

/** The paging part of every page result; subclasses add a typed `items` array. */
export class PageInfo {
  @IsInt()
  @Describe('Number of items matching the filters, across all pages.')
  total: number;

  @IsInt()
  @Describe('The page size used.')
  limit: number;

  @IsInt()
  @Describe('The offset used.')
  offset: number;

  @IsOptional()
  @IsInt()
  @Describe('Offset of the next page, or null when this is the last page.')
  nextOffset: number | null;
}
