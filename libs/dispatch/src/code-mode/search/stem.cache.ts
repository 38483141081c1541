/**
 * A bounded cache of stems in two generations: new entries go to the young one; when it is full,
 * it becomes the old one (the previous old one is dropped) and a hit there moves the entry back.
 * What is read often stays, a flood of new words evicts only itself, and at most
 * `2 × capacity` entries are held, at one lookup per hit.
 */
export class StemCache {
  private young = new Map<string, string>();
  private old = new Map<string, string>();

  constructor(private readonly capacity: number) {}

  get(word: string): string | undefined {
    const hit = this.young.get(word);
    if (hit !== undefined) return hit;
    const aged = this.old.get(word);
    if (aged !== undefined) this.set(word, aged);
    return aged;
  }

  set(word: string, stem: string): void {
    if (this.young.size >= this.capacity) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(word, stem);
  }

  /** Entries held, of both generations. */
  get size(): number {
    return this.young.size + this.old.size;
  }
}
