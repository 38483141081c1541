/**
 * One setting of a lib: its default, the smallest value it accepts and what it does. A lib's
 * options table is the one place its defaults and minimums are written; its resolver, the config
 * file's JSON Schema and `docs/configuration.md` are derived from it.
 * @publicApi
 */
export interface OptionSpec {
  /** The value an omitted option takes. */
  readonly default: number;
  /** The smallest whole number accepted (0 often means "off"). */
  readonly minimum: number;
  /** One or two sentences: what the option bounds and what happens at the limit. */
  readonly doc: string;
  /** Set in the config file (its section), not only through the module's `forRoot()` options. */
  readonly inConfigFile?: boolean;
}

/** A lib's whole-number options by name. @publicApi */
export type OptionTable<K extends string = string> = { readonly [key in K]: OptionSpec };

/** The default of every option of a table. */
export function optionDefaults<K extends string>(table: OptionTable<K>): { [key in K]: number } {
  const defaults = {} as { [key in K]: number };
  for (const key of Object.keys(table) as K[]) defaults[key] = table[key].default;
  return defaults;
}

/** The options of a table that the config file sets, in table order. */
export function configFileOptions<K extends string>(table: OptionTable<K>): K[] {
  return (Object.keys(table) as K[]).filter((key) => table[key].inConfigFile);
}

/** Whether `value` is a whole number an option with this minimum accepts. */
export function isWholeAtLeast(value: unknown, minimum: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= minimum;
}
