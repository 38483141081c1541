import type { CallableRule } from './callable-rules.parser';
import { isMatchableName, normalizeName, quote } from './filter-name.util';
import { type ArgumentForms, EXACT_ARGUMENT_FORMS } from './interfaces/argument-forms.interface';
import type { CallableRuleView, CallRefusalVerdict } from './interfaces/filter-verdict.interface';
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

/** What the operation will work with for `argument`: the given value, else its default; undefined means omitted. */
function effectiveValue(args: Record<string, unknown>, argument: string, forms: ArgumentForms): unknown {
  const given = Object.hasOwn(args, argument) ? args[argument] : undefined;
  // `null` is treated like a missing value by optional arguments (class-validator's @IsOptional).
  if (given === undefined || given === null) return forms.defaultOf(argument) ?? undefined;
  return forms.value(argument, given);
}

/** Does a (canonical) value hit a listed value? An array hits when any of its items does. */
function hits(value: unknown, listed: unknown): boolean {
  if (jsonEqual(listed, value)) return true;
  return Array.isArray(value) && !Array.isArray(listed) && value.some((item) => jsonEqual(listed, item));
}

/** Is a (canonical) value covered by the allowed list? An array is when it is listed whole or every item is. */
function covered(value: unknown, allowed: readonly unknown[]): boolean {
  if (allowed.some((listed) => jsonEqual(listed, value))) return true;
  return (
    Array.isArray(value) &&
    value.every((item) => allowed.some((listed) => !Array.isArray(listed) && jsonEqual(listed, item)))
  );
}

/**
 * One layer of callability: argument values a tool may (allow) or may not (deny) be called with.
 * Deny is checked first. Only top-level arguments are checked; tools without a rule pass. Values are
 * compared in the operation's canonical form ({@link ArgumentForms}), listed values too, and an
 * omitted argument is what the operation will do with it: its default if it has one, otherwise
 * "no restriction", which a deny refuses (it would include the denied values) and an allow refuses.
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

  /** Whether any rule (allow or deny, exact or glob) applies to this name. */
  hasRuleFor(name: string): boolean {
    const normalized = normalizeName(name);
    return this.allow.rulesFor(normalized).length > 0 || this.deny.rulesFor(normalized).length > 0;
  }

  /** The arguments a rule of this layer constrains for this name (deny rules first), each once. */
  ruledArguments(name: string): string[] {
    const normalized = normalizeName(name);
    const rules = [...this.deny.rulesFor(normalized), ...this.allow.rulesFor(normalized)];
    return [...new Set(rules.flatMap((rule) => rule.args.map(([argument]) => argument)))];
  }

  /** Undefined when allowed; otherwise a refusal naming the tool, the argument and the rule. */
  check(name: string, args: unknown, forms: ArgumentForms = EXACT_ARGUMENT_FORMS): string | undefined {
    return this.explainCall(name, args, forms)?.message;
  }

  /** What {@link check} decides, with the rule and argument behind a refusal (the admin's access explainer). */
  explainCall(
    name: string,
    args: unknown,
    forms: ArgumentForms = EXACT_ARGUMENT_FORMS,
  ): CallRefusalVerdict | undefined {
    const normalized = normalizeName(name);
    if (!isMatchableName(normalized)) {
      return { message: `Call to ${quote(name)} refused: not a valid tool name`, list: 'name', rule: name };
    }
    const values = argumentsOf(args);
    return (
      this.firstDenied(normalized, this.deny.rulesFor(normalized), values, forms) ??
      this.firstNotAllowed(normalized, this.allow.rulesFor(normalized), values, forms)
    );
  }

  /** The rules of this layer that apply to a name, deny rules first, as the config wrote them. */
  rulesFor(name: string, layer: number): CallableRuleView[] {
    const normalized = normalizeName(name);
    const view = (list: 'allow' | 'deny') => (rule: CallableRule) => ({
      list,
      rule: rule.key,
      arguments: Object.fromEntries(rule.args),
      layer,
    });
    return [...this.deny.rulesFor(normalized).map(view('deny')), ...this.allow.rulesFor(normalized).map(view('allow'))];
  }

  private firstDenied(
    name: string,
    rules: CallableRule[],
    args: Record<string, unknown>,
    forms: ArgumentForms,
  ): CallRefusalVerdict | undefined {
    for (const rule of rules) {
      for (const [argument, denied] of rule.args) {
        const value = effectiveValue(args, argument, forms);
        if (value === undefined) {
          return refusal(
            name,
            rule,
            'deny',
            argument,
            `argument \`${argument}\` is omitted, so the call is not restricted to values outside the denied list ${quote(denied)}`,
          );
        }
        const hit = denied.find((listed) => hits(value, forms.value(argument, listed)));
        if (hit !== undefined) {
          return refusal(
            name,
            rule,
            'deny',
            argument,
            `argument \`${argument}\` value ${quote(value)} is in the denied list ${quote(denied)}`,
          );
        }
      }
    }
    return undefined;
  }

  private firstNotAllowed(
    name: string,
    rules: CallableRule[],
    args: Record<string, unknown>,
    forms: ArgumentForms,
  ): CallRefusalVerdict | undefined {
    for (const rule of rules) {
      for (const [argument, allowed] of rule.args) {
        // Fail closed: an omitted argument is refused even when the operation has a default for it.
        const given = Object.hasOwn(args, argument) ? args[argument] : undefined;
        if (given === undefined || given === null)
          return refusal(name, rule, 'allow', argument, `argument \`${argument}\` is required by the allow list`);
        const value = forms.value(argument, given);
        if (
          !covered(
            value,
            allowed.map((listed) => forms.value(argument, listed)),
          )
        ) {
          return refusal(
            name,
            rule,
            'allow',
            argument,
            `argument \`${argument}\` value ${quote(value)} is not in the allowed list ${quote(allowed)}`,
          );
        }
      }
    }
    return undefined;
  }
}

function refusal(
  name: string,
  rule: CallableRule,
  list: 'allow' | 'deny',
  argument: string,
  problem: string,
): CallRefusalVerdict {
  const via = rule.glob ? ` (rule \`${rule.key}\`)` : '';
  return { message: `Call to ${name} refused: ${problem}${via}`, list, rule: rule.key, argument };
}
