import type { ClientFilters } from '@myko/filter';
import { OPERATION_KINDS, type OperationDescriptor } from '@myko/registry';
import { queryKey } from './search.analyzer';
import type { SearchIndex } from './search.index';
import type { SearchRequest } from './search-result.interface';
import { boundedEditDistance } from './search-typo';

const KIND_PREFIX = new RegExp(`^(?:${OPERATION_KINDS.join('|')})[_:]`, 'i');
/** How much of a name is read, for the exact lookup. */
const MAX_NAME_LENGTH = 200;
/**
 * A longer name is no typo of an operation id: it gets no near spellings, which keeps the edit
 * distances against every visible id cheap.
 */
export const MAX_FUZZY_NAME_LENGTH = 64;

/** What a search that found nothing tells the model to try next, in two short sentences. */
export function nothingFoundHint(request: SearchRequest, droppedKind: boolean, visible: number): string {
  const query = `"${String(request.query).slice(0, 100)}"`;
  const found = droppedKind
    ? `No ${request.kind} matches ${query}; the closest are of other kinds.`
    : `Nothing matches ${query}.`;
  return `${found} Try other words, or no query to list all ${visible}.`;
}

/**
 * Visible operations a name that is not one probably meant, nearest first: the same id under
 * another kind (`query_LowStock` → `report_LowStock`), then ids a few edits away. Nothing looser:
 * a guess from shared words would send the model to an unrelated operation; `search` is for that.
 * Hidden operations are never considered. Only the first 200 characters of a name are read.
 */
export function closestOperations(
  index: SearchIndex,
  name: string,
  filters: ClientFilters,
  count: number,
): OperationDescriptor[] {
  const id = String(name).replace(KIND_PREFIX, '').slice(0, MAX_NAME_LENGTH);
  const found = new Set<number>(index.exact(queryKey(id), filters));
  if (found.size < count && id.length > 0 && id.length <= MAX_FUZZY_NAME_LENGTH) {
    for (const op of nearSpellings(index, id, filters)) found.add(op);
  }
  return [...found].slice(0, count).map((op) => index.operation(op));
}

/** Visible operations whose id is within a quarter of its length in edits (at least 2), nearest first. */
function nearSpellings(index: SearchIndex, id: string, filters: ClientFilters): number[] {
  const wanted = id.toLowerCase();
  const max = Math.max(2, Math.floor(wanted.length / 4));
  const near: { op: number; distance: number }[] = [];
  for (const op of index.match([], undefined, filters)) {
    const distance = boundedEditDistance(wanted, index.operation(op).id.toLowerCase(), max);
    if (distance <= max) near.push({ op, distance });
  }
  return near.sort((a, b) => a.distance - b.distance || a.op - b.op).map(({ op }) => op);
}

/** How a script calls an operation: `myko.report('LowStock')`. */
export function callOf(op: OperationDescriptor): string {
  return `myko.${op.kind}('${op.id}')`;
}
