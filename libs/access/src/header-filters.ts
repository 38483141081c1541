import type { IncomingHttpHeaders } from 'node:http';
import { ClientFilters, FilterParseError, filtersFromHeaders } from '@myko/filter';

/** The filters a client asked for in its `X-Myko-Tool-*` headers, or why they are malformed. */
export function headerFilters(headers: IncomingHttpHeaders): { filters: ClientFilters } | { error: string } {
  try {
    return { filters: filtersFromHeaders(headers) };
  } catch (error) {
    if (error instanceof FilterParseError) return { error: error.message };
    throw error;
  }
}
