/** A built-in canonical form of a string argument, or a function that returns it. */
export type ArgumentNormalizer = 'upper' | 'lower' | 'trim' | ((value: string) => string);

const BUILT_IN: Readonly<Record<Exclude<ArgumentNormalizer, (value: string) => string>, (v: string) => string>> = {
  upper: (value) => value.toUpperCase(),
  lower: (value) => value.toLowerCase(),
  trim: (value) => value.trim(),
};

/** DTO class → property → the composed normalizer of its `@Normalize` steps. */
const NORMALIZERS = new WeakMap<object, Map<string, (value: string) => string>>();

/**
 * Declares the canonical form of a string argument (or of each string of an array argument): the
 * form the operation compares it in, e.g. `'upper'` for codes a query matches case-insensitively.
 * The invoker applies it before validation, so the method only ever sees the canonical value, and
 * access rules compare their values in the same form: a deny of `"BER"` also refuses `"ber"`.
 * Steps run in order (`@Normalize('trim', 'upper')`).
 *
 * @example
 * ```ts
 * class CancelOrderArgs {
 *   @IsOptional() @IsString() @Normalize('upper')
 *   warehouseCode?: string;
 * }
 * ```
 * @publicApi
 */
export function Normalize(...steps: ArgumentNormalizer[]): PropertyDecorator {
  const fns = steps.map((step) => (typeof step === 'function' ? step : BUILT_IN[step]));
  const normalize = (value: string) => fns.reduce((current, fn) => fn(current), value);
  return (target, propertyKey) => {
    const type = target.constructor;
    const own = NORMALIZERS.get(type) ?? new Map<string, (value: string) => string>();
    own.set(String(propertyKey), normalize);
    NORMALIZERS.set(type, own);
  };
}

/** The normalizers of a DTO class and its ancestors, by property (a subclass's own wins). */
export function normalizersOf(type: Function | undefined): ReadonlyMap<string, (value: string) => string> {
  const found = new Map<string, (value: string) => string>();
  for (let current = type; current && current !== Function.prototype; current = Object.getPrototypeOf(current)) {
    for (const [property, fn] of NORMALIZERS.get(current) ?? []) if (!found.has(property)) found.set(property, fn);
  }
  return found;
}
