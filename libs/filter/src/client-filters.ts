import { ApprovalFilter } from './approval.filter';
import { CallabilityFilter } from './callability.filter';
import { parseCallableRules } from './callable-rules.parser';
import { parsePatternList } from './glob-pattern.parser';
import type { ArgumentForms } from './interfaces/argument-forms.interface';
import type { FilterSourceNames, FilterSpec } from './interfaces/filter-spec.interface';
import type { CallableRuleView, CallRefusalVerdict, VisibilityVerdict } from './interfaces/filter-verdict.interface';
import { VisibilityFilter } from './visibility.filter';

function sourceNames(source: string | FilterSourceNames): FilterSourceNames {
  if (typeof source !== 'string') return source;
  return {
    visibilityAllow: `${source}.visibility.allow`,
    visibilityDeny: `${source}.visibility.deny`,
    callableAllow: `${source}.callable.allow`,
    callableDeny: `${source}.callable.deny`,
    approval: `${source}.approval`,
  };
}

/**
 * The one policy object that decides what a client may see (visibility) and with which argument
 * values it may call (callability). Immutable; every door (tools/list, tools/call, search,
 * resources, each myko.* call inside execute) asks it and never re-implements the rules.
 *
 * A filter is a stack of layers (a profile's, a request's headers'); every layer must agree, so
 * {@link and} can only narrow, and a refusal message comes from the layer that refused.
 * @publicApi
 */
export class ClientFilters {
  /** Sees and may call everything. */
  static readonly ALLOW_ALL: ClientFilters = new ClientFilters([], []);

  private constructor(
    private readonly visibility: readonly VisibilityFilter[],
    private readonly callability: readonly CallabilityFilter[],
    private readonly approval: readonly ApprovalFilter[] = [],
  ) {}

  /**
   * Builds a filter from data (a config profile, parsed headers). Throws `FilterParseError` naming
   * the part that is malformed; `source` prefixes the part names (`profiles.ops` →
   * `profiles.ops.visibility.allow`) or names each part.
   */
  static from(spec: FilterSpec, source: string | FilterSourceNames = 'filters'): ClientFilters {
    const names = sourceNames(source);
    const visibility = new VisibilityFilter(
      parsePatternList(spec.visibility?.allow, names.visibilityAllow),
      parsePatternList(spec.visibility?.deny, names.visibilityDeny),
    );
    const callability = new CallabilityFilter(
      parseCallableRules(spec.callable?.allow, names.callableAllow),
      parseCallableRules(spec.callable?.deny, names.callableDeny),
    );
    const approval = new ApprovalFilter(parsePatternList(spec.approval, names.approval ?? 'approval'));
    if (visibility.isEmpty && callability.isEmpty && approval.isEmpty) return ClientFilters.ALLOW_ALL;
    return new ClientFilters(
      visibility.isEmpty ? [] : [visibility],
      callability.isEmpty ? [] : [callability],
      approval.isEmpty ? [] : [approval],
    );
  }

  /** True when no layer restricts what is seen or called (the filter of a client that sent no filter). */
  get allowsAll(): boolean {
    return this.visibility.length === 0 && this.callability.length === 0;
  }

  /** Whether a layer requires the user's approval before this operation (`<kind>_<id>`) runs. */
  requiresApproval(name: string): boolean {
    return this.approval.some((layer) => layer.requires(name));
  }

  /** The approval pattern (as written) that makes this operation need the user's approval, if any. */
  approvalRuleFor(name: string): string | undefined {
    for (const layer of this.approval) {
      const pattern = layer.requiredBy(name);
      if (pattern !== undefined) return pattern;
    }
    return undefined;
  }

  /** Is this operation (`<kind>_<id>`) visible? Allow/deny globs, deny wins, empty allow allows all. */
  isVisible(name: string): boolean {
    return this.visibility.every((layer) => layer.isVisible(name));
  }

  /** Is this meta tool (`search`, `execute`) visible? Only an explicit deny hides it. */
  isMetaToolVisible(name: string): boolean {
    return this.visibility.every((layer) => layer.isMetaToolVisible(name));
  }

  /**
   * Undefined when the call is allowed; otherwise the refusal naming tool, argument and rule.
   * `forms` says how the operation reads its arguments (canonical forms, defaults); without it values
   * are compared exactly.
   */
  checkCallable(name: string, args: unknown, forms?: ArgumentForms): string | undefined {
    return this.explainCall(name, args, forms)?.message;
  }

  /**
   * What {@link isVisible} decides, with the layer and pattern that decided: the first layer that hides
   * the name, else the last one that shows it by a pattern (for the admin's access explainer).
   */
  explainVisibility(name: string): VisibilityVerdict {
    let shown: VisibilityVerdict = { visible: true, list: 'none' };
    for (const [layer, filter] of this.visibility.entries()) {
      const verdict = { ...filter.explain(name), layer };
      if (!verdict.visible) return verdict;
      if (verdict.pattern !== undefined) shown = verdict;
    }
    return shown;
  }

  /** What {@link checkCallable} decides, with the rule, list and argument behind a refusal. */
  explainCall(name: string, args: unknown, forms?: ArgumentForms): CallRefusalVerdict | undefined {
    for (const [layer, filter] of this.callability.entries()) {
      const refusal = filter.explainCall(name, args, forms);
      if (refusal) return { ...refusal, layer };
    }
    return undefined;
  }

  /** Every callability rule of every layer that applies to this operation, deny rules first in each layer. */
  callableRulesFor(name: string): CallableRuleView[] {
    return this.callability.flatMap((filter, layer) => filter.rulesFor(name, layer));
  }

  /** Whether any callability rule of any layer names this tool (exactly or by a glob). */
  hasCallableRule(name: string): boolean {
    return this.callability.some((layer) => layer.hasRuleFor(name));
  }

  /**
   * The arguments of this operation that any callability rule of any layer constrains, in rule order,
   * each once: what the caller's profile rules on, so an approval question shows them first.
   */
  ruledArguments(name: string): string[] {
    return [...new Set(this.callability.flatMap((layer) => layer.ruledArguments(name)))];
  }

  /** Both filters must agree (a profile AND a request's headers): the result is never wider than either. */
  and(other: ClientFilters): ClientFilters {
    if (other.isEmpty || other === this) return this;
    if (this.isEmpty) return other;
    return new ClientFilters(
      [...this.visibility, ...other.visibility],
      [...this.callability, ...other.callability],
      [...this.approval, ...other.approval],
    );
  }

  /** No layer at all: `and` with it changes nothing. */
  private get isEmpty(): boolean {
    return this.allowsAll && this.approval.length === 0;
  }
}
