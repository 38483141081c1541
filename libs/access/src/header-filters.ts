import type { IncomingHttpHeaders } from 'node:http';
import {
  type ClientFilters,
  type FilterNarrowing,
  FilterParseError,
  filtersFromNarrowing,
  narrowingFromHeaders,
} from '@myko/filter';

/**
 * The filters a client asked for in its `X-Myko-Tool-*` headers and those headers' texts (`narrowing`, absent when
 * they ask nothing: what a paused execution keeps to resume under the same access), or why they are malformed.
 */
export function headerFilters(
  headers: IncomingHttpHeaders,
): { filters: ClientFilters; narrowing?: FilterNarrowing } | { error: string } {
  try {
    const narrowing = narrowingFromHeaders(headers);
    const filters = filtersFromNarrowing(narrowing ?? {});
    return narrowing === undefined ? { filters } : { filters, narrowing };
  } catch (error) {
    if (error instanceof FilterParseError) return { error: error.message };
    throw error;
  }
}
