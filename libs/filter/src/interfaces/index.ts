export { type ArgumentForms, EXACT_ARGUMENT_FORMS } from './argument-forms.interface';
export type { FilterSourceNames, FilterSpec, PatternListInput } from './filter-spec.interface';
