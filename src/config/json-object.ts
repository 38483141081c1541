/** A JSON object of the config, its keys not yet checked. */
export type Json = Record<string, unknown>;

/** Whether a value of the config is a JSON object (not null, not an array): every section parser's first check. */
export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
