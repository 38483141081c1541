import type { SearchAnswer, SearchResult } from './search-result.interface';

/**
 * Renders a `search` result exactly as `JSON.stringify` would, but from the cached text of each
 * operation entry: entries are frozen and handed out again and again, so each is serialized once.
 * A page then costs a concatenation instead of serializing twenty argument lists every call.
 */
export class SearchResultJson {
  private readonly entries = new WeakMap<object, string>();

  stringify(answer: SearchAnswer): string {
    if (!hasPlainShape(answer)) return JSON.stringify(answer);
    const result = answer as SearchResult;
    let operations = '';
    for (let i = 0; i < result.operations.length; i++) {
      operations += i === 0 ? this.entry(result.operations[i]) : `,${this.entry(result.operations[i])}`;
    }
    const cursor = result.nextCursor === undefined ? '' : `,"nextCursor":${JSON.stringify(result.nextCursor)}`;
    return `{"operations":[${operations}],"total":${result.total}${cursor}}`;
  }

  private entry(entry: object): string {
    if (!Object.isFrozen(entry)) return JSON.stringify(entry);
    let text = this.entries.get(entry);
    if (text === undefined) {
      text = JSON.stringify(entry);
      this.entries.set(entry, text);
    }
    return text;
  }
}

/** Only `operations`, `total` and `nextCursor`, in that order (the order `JSON.stringify` follows). */
function hasPlainShape(result: SearchAnswer): boolean {
  const keys = Object.keys(result);
  return (
    keys[0] === 'operations' &&
    keys[1] === 'total' &&
    Number.isSafeInteger(result.total) &&
    (keys.length === 2 || (keys.length === 3 && keys[2] === 'nextCursor' && typeof result.nextCursor === 'string'))
  );
}
