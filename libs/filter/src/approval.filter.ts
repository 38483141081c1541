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
    const normalized = normalizeName(name);
    return isMatchableName(normalized) && this.patterns.some((p) => p.matches(normalized));
  }
}
