import { isMatchableName, normalizeName } from './filter-name.util';
import type { GlobPattern } from './glob-pattern.parser';

/**
 * One layer of visibility: allow and deny globs over names. Deny wins; an empty allow list allows
 * all. Meta tools (`search`, `execute`) are hidden only by an explicit deny.
 */
export class VisibilityFilter {
  constructor(
    private readonly allow: readonly GlobPattern[],
    private readonly deny: readonly GlobPattern[],
  ) {}

  /** No patterns at all: the layer can be dropped. */
  get isEmpty(): boolean {
    return this.allow.length === 0 && this.deny.length === 0;
  }

  isVisible(name: string): boolean {
    const normalized = normalizeName(name);
    if (!isMatchableName(normalized)) return false;
    if (this.deny.some((p) => p.matches(normalized))) return false;
    return this.allow.length === 0 || this.allow.some((p) => p.matches(normalized));
  }

  isMetaToolVisible(name: string): boolean {
    const normalized = normalizeName(name);
    if (!isMatchableName(normalized)) return false;
    return !this.deny.some((p) => p.matches(normalized));
  }
}
