import type { ClientFilters } from './client-filters';

/**
 * A small LRU of parsed filters keyed by their raw input. Clients send the same headers on every
 * request; reusing the immutable result skips recompiling globs and keeps per-filter caches warm.
 */
export class FiltersCache {
  private readonly entries = new Map<string, ClientFilters>();

  constructor(private readonly capacity = 256) {}

  getOrCreate(key: string, create: () => ClientFilters): ClientFilters {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const created = create();
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, created);
    return created;
  }
}
