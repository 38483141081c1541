/**
 * How an operation reads its arguments, as callability compares them: each value in the canonical
 * form the operation compares it in (e.g. upper-cased codes), and the value an omitted argument
 * takes (undefined: an omitted argument does not restrict the operation). The registry's
 * `ArgumentCanon` is one; tools without a DTO compare exactly.
 * @publicApi
 */
export interface ArgumentForms {
  value(argument: string, value: unknown): unknown;
  defaultOf(argument: string): unknown;
}

/** Exact comparison, no defaults. */
export const EXACT_ARGUMENT_FORMS: ArgumentForms = {
  value: (_argument, value) => value,
  defaultOf: () => undefined,
};
