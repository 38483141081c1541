import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

/** The part of class-validator's (global, undocumented) MetadataStorage this cache wraps. */
interface MetadataStorageLike {
  getTargetValidationMetadatas(
    target: Function,
    schema: string,
    always: boolean,
    strictGroups: boolean,
    groups?: string[],
  ): ValidationMetadata[];
  addValidationMetadata(metadata: ValidationMetadata): void;
  [CACHED]?: true;
}

const CACHED = Symbol.for('myko.validationMetadataCache');

/**
 * Memoizes class-validator's `getTargetValidationMetadatas`, which every `validate()` of every nested
 * object calls and which scans every class that has validation metadata (`prototype instanceof` each,
 * for inherited rules): with the hundreds of DTO classes of a large backend that scan dominated a
 * call. The answer for a class only changes when metadata is added, which clears the cache; callers
 * only read the returned list. Installed once per process, whoever calls first.
 */
export function cacheValidationMetadata(storage = getMetadataStorage() as unknown as MetadataStorageLike): void {
  if (storage[CACHED]) return;
  const lookup = storage.getTargetValidationMetadatas.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  let cache = new Map<Function, Map<string, ValidationMetadata[]>>();
  storage.addValidationMetadata = (metadata) => {
    cache = new Map();
    add(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0000') ?? '-'}`;
    let byKey = cache.get(target);
    let found = byKey?.get(key);
    if (!found) {
      found = lookup(target, schema, always, strictGroups, groups);
      if (!byKey) {
        byKey = new Map();
        cache.set(target, byKey);
      }
      byKey.set(key, found);
    }
    return found;
  };
  storage[CACHED] = true;
}
