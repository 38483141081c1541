/** What {@link canonicalJson} had to leave out, if anything. */
export interface CanonicalJson {
  readonly text: string;
  /** Set when part of the value could not be written (a cycle, a value JSON cannot hold). */
  readonly cut?: string;
}

type Frame =
  | { kind: 'array'; items: readonly unknown[]; next: number; parent: object }
  | { kind: 'object'; value: Record<string, unknown>; keys: string[]; next: number; parent: object };

/**
 * JSON with object keys sorted at every level, so equal arguments hash equally whatever their key
 * order. Iterative: nesting depth costs heap, not call stack, so a 30,000-deep array is written like
 * any other value. A cycle or a value JSON cannot hold is written as `null` and reported in `cut`.
 */
export function canonicalJson(value: unknown): CanonicalJson {
  const out: string[] = [];
  const stack: Frame[] = [];
  const open = new Set<object>();
  let cut: string | undefined;
  const write = (item: unknown): void => {
    if (Array.isArray(item) || (typeof item === 'object' && item !== null && !hasToJson(item))) {
      if (open.has(item)) {
        cut ??= 'a circular reference was written as null';
        out.push('null');
        return;
      }
      open.add(item);
      if (Array.isArray(item)) {
        out.push('[');
        stack.push({ kind: 'array', items: item, next: 0, parent: item });
      } else {
        const record = item as Record<string, unknown>;
        const keys = Object.keys(record)
          .filter((key) => record[key] !== undefined)
          .sort();
        out.push('{');
        stack.push({ kind: 'object', value: record, keys, next: 0, parent: item });
      }
      return;
    }
    const text = scalarJson(item);
    if (text === undefined) {
      cut ??= `a ${typeof item} was written as null`;
      out.push('null');
    } else out.push(text);
  };
  write(value);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    const length = frame.kind === 'array' ? frame.items.length : frame.keys.length;
    if (frame.next >= length) {
      out.push(frame.kind === 'array' ? ']' : '}');
      open.delete(frame.parent);
      stack.pop();
      continue;
    }
    if (frame.next > 0) out.push(',');
    const index = frame.next++;
    if (frame.kind === 'array') write(frame.items[index] ?? null);
    else {
      const key = frame.keys[index];
      out.push(`${JSON.stringify(key)}:`);
      write(frame.value[key]);
    }
  }
  return cut === undefined ? { text: out.join('') } : { text: out.join(''), cut };
}

function hasToJson(value: object): boolean {
  return typeof (value as { toJSON?: unknown }).toJSON === 'function';
}

function scalarJson(value: unknown): string | undefined {
  if (typeof value === 'bigint' || typeof value === 'symbol' || typeof value === 'function') return undefined;
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return undefined;
  }
}
