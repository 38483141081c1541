export type { ArgumentForms } from './argument-forms.interface';
export type { FilterSourceNames, FilterSpec, PatternListInput } from './filter-spec.interface';
export type { CallableRuleView, CallRefusalVerdict, VisibilityVerdict } from './filter-verdict.interface';
