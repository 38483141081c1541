import type { CheckRequest, CheckVerdict } from './type-check.protocol';

/** Bounds of the verdicts kept: by count and by the characters of their keys (script and declarations). */
export interface VerdictCacheLimits {
  readonly entries: number;
  readonly chars: number;
}

export const DEFAULT_VERDICT_CACHE_LIMITS: VerdictCacheLimits = { entries: 1_000, chars: 8_000_000 };

/**
 * The verdicts of recent checks, by script and declarations. A verdict depends on nothing else (the declarations
 * hold what the caller may see and call, and plan mode), so the same script from another agent of the same
 * profile, or run again, is answered here, without the worker. Least recently used first out.
 */
export class VerdictCache {
  private readonly verdicts = new Map<string, CheckVerdict>();
  private chars = 0;

  constructor(private readonly limits: VerdictCacheLimits = DEFAULT_VERDICT_CACHE_LIMITS) {}

  get(request: CheckRequest): CheckVerdict | undefined {
    const key = keyOf(request);
    const verdict = this.verdicts.get(key);
    if (verdict === undefined) return undefined;
    this.verdicts.delete(key);
    this.verdicts.set(key, verdict);
    return verdict;
  }

  set(request: CheckRequest, verdict: CheckVerdict): void {
    const key = keyOf(request);
    // One script larger than a share of the budget would push out many: not kept.
    if (key.length > this.limits.chars / 16 || this.verdicts.has(key)) return;
    this.verdicts.set(key, verdict);
    this.chars += key.length;
    while (this.verdicts.size > this.limits.entries || this.chars > this.limits.chars) this.dropOldest();
  }

  get size(): number {
    return this.verdicts.size;
  }

  private dropOldest(): void {
    const oldest = this.verdicts.keys().next().value as string;
    this.verdicts.delete(oldest);
    this.chars -= oldest.length;
  }
}

function keyOf({ code, declarations }: CheckRequest): string {
  // The declarations first and a separator neither can hold: two requests share a key only if both are equal.
  return `${declarations.length}:${declarations}\u0000${code}`;
}
