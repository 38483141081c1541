import { DEFAULT_PAGE_SIZE, type PageArgs } from './dto/page-args.dto';

/** Resolved paging: defaults applied. */
export interface Paging {
  limit: number;
  offset: number;
}

/** A page of results as list queries return it. */
export interface Page<T> extends Paging {
  items: T[];
  total: number;
  nextOffset: number | null;
}

export function pagingOf(args: PageArgs): Paging {
  return { limit: args.limit ?? DEFAULT_PAGE_SIZE, offset: args.offset ?? 0 };
}

export function toPage<T>(items: T[], total: number, paging: Paging): Page<T> {
  const end = paging.offset + items.length;
  return { items, total, ...paging, nextOffset: end < total ? end : null };
}
