import { isMatchableName, normalizeName } from './filter-name.util';
import type { GlobPattern } from './glob-pattern.parser';
import type { VisibilityVerdict } from './interfaces/filter-verdict.interface';

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
    if (this.deniedBy(normalized)) return false;
    return this.allow.length === 0 || this.allowedBy(normalized) !== undefined;
  }

  /** What {@link isVisible} decides, with the pattern that decided it (the admin's access explainer). */
  explain(name: string): VisibilityVerdict {
    const normalized = normalizeName(name);
    if (!isMatchableName(normalized)) return { visible: false, list: 'name', pattern: name };
    const denied = this.deniedBy(normalized);
    if (denied) return { visible: false, list: 'deny', pattern: denied.pattern };
    if (this.allow.length === 0) return { visible: true, list: 'none' };
    const allowed = this.allowedBy(normalized);
    return allowed ? { visible: true, list: 'allow', pattern: allowed.pattern } : { visible: false, list: 'allow' };
  }

  isMetaToolVisible(name: string): boolean {
    const normalized = normalizeName(name);
    if (!isMatchableName(normalized)) return false;
    return !this.deniedBy(normalized);
  }

  private deniedBy(normalized: string): GlobPattern | undefined {
    return this.deny.find((p) => p.matches(normalized));
  }

  private allowedBy(normalized: string): GlobPattern | undefined {
    return this.allow.find((p) => p.matches(normalized));
  }
}
