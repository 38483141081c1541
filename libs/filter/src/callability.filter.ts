import type { CallableRule } from './callable-rules.parser';
import { isMatchableName, normalizeName, quote } from './filter-name.util';
import { jsonEqual } from './json-equal.util';

class RuleIndex {
  private readonly exact = new Map<string, CallableRule>();
  private readonly globs: CallableRule[] = [];

  constructor(rules: readonly CallableRule[]) {
    for (const rule of rules) {
      if (rule.glob) this.globs.push(rule);
      else this.exact.set(rule.name, rule);
    }
  }

  get size(): number {
    return this.exact.size + this.globs.length;
  }

  /** Every rule that applies to a (normalized) name: the exact one and each matching glob. */
  rulesFor(name: string): CallableRule[] {
    const exact = this.exact.get(name);
    const matched = this.globs.filter((rule) => rule.glob!.matches(name));
    return exact ? [exact, ...matched] : matched;
  }
}

function argumentsOf(args: unknown): Record<string, unknown> {
  return typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
}

function isPresent(args: Record<string, unknown>, argument: string): boolean {
  return Object.hasOwn(args, argument) && args[argument] !== undefined;
}

/**
 * One layer of callability: argument values a tool may (allow) or may not (deny) be called with.
 * Deny is checked first. Only top-level arguments are checked; tools without a rule pass.
 */
export class CallabilityFilter {
  private readonly allow: RuleIndex;
  private readonly deny: RuleIndex;

  constructor(allow: readonly CallableRule[], deny: readonly CallableRule[]) {
    this.allow = new RuleIndex(allow);
    this.deny = new RuleIndex(deny);
  }

  get isEmpty(): boolean {
    return this.allow.size === 0 && this.deny.size === 0;
  }

  /** Undefined when allowed; otherwise a refusal naming the tool, the argument and the rule. */
  check(name: string, args: unknown): string | undefined {
    const normalized = normalizeName(name);
    if (!isMatchableName(normalized)) return `Call to ${quote(name)} refused: not a valid tool name`;
    const values = argumentsOf(args);
    return (
      this.firstDenied(normalized, this.deny.rulesFor(normalized), values) ??
      this.firstNotAllowed(normalized, this.allow.rulesFor(normalized), values)
    );
  }

  private firstDenied(name: string, rules: CallableRule[], args: Record<string, unknown>): string | undefined {
    for (const rule of rules) {
      for (const [argument, denied] of rule.args) {
        if (isPresent(args, argument) && denied.some((v) => jsonEqual(v, args[argument]))) {
          return refusal(
            name,
            rule,
            `argument \`${argument}\` value ${quote(args[argument])} is in the denied list ${quote(denied)}`,
          );
        }
      }
    }
    return undefined;
  }

  private firstNotAllowed(name: string, rules: CallableRule[], args: Record<string, unknown>): string | undefined {
    for (const rule of rules) {
      for (const [argument, allowed] of rule.args) {
        if (!isPresent(args, argument))
          return refusal(name, rule, `argument \`${argument}\` is required by the allow list`);
        if (!allowed.some((v) => jsonEqual(v, args[argument]))) {
          return refusal(
            name,
            rule,
            `argument \`${argument}\` value ${quote(args[argument])} is not in the allowed list ${quote(allowed)}`,
          );
        }
      }
    }
    return undefined;
  }
}

function refusal(name: string, rule: CallableRule, problem: string): string {
  const via = rule.glob ? ` (rule \`${rule.key}\`)` : '';
  return `Call to ${name} refused: ${problem}${via}`;
}
