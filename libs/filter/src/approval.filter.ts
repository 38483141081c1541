import { isMatchableName, normalizeName } from './filter-name.util';
import type { GlobPattern } from './glob-pattern.parser';

/**
 * One layer of approval rules: globs over names of operations a script may call only once the user
 * approved the call (an access profile's `approval` list). It neither hides nor refuses anything.
 */
export class ApprovalFilter {
  constructor(private readonly patterns: readonly GlobPattern[]) {}

  get isEmpty(): boolean {
    return this.patterns.length === 0;
  }

  requires(name: string): boolean {
    return this.requiredBy(name) !== undefined;
  }

  /** The pattern (as written) that makes this name need approval, if any. */
  requiredBy(name: string): string | undefined {
    const normalized = normalizeName(name);
    if (!isMatchableName(normalized)) return undefined;
    return this.patterns.find((p) => p.matches(normalized))?.pattern;
  }
}
