import { HOP_BY_HOP_HEADERS } from '../openapi-connector.constants';
import { dereference } from './openapi-schema.converter';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A header no argument may set: one that frames or routes the request, or the connector's own auth header. */
export function isForbiddenHeader(name: string, authHeader?: string): boolean {
  const lower = name.toLowerCase();
  return HOP_BY_HOP_HEADERS.has(lower) || lower === authHeader?.toLowerCase();
}

/**
 * The keys an object query parameter may be given: its schema's declared properties (those of its `allOf`
 * members too). They are open only when the document declares `additionalProperties` and the keys stay
 * under the parameter's name (`namespaced`: `deepObject`, or `explode: false`): an exploded object's keys
 * become query parameters of their own, which could set any parameter the backend reads.
 */
export function queryKeysOf(
  document: Json,
  raw: unknown,
  namespaced: boolean,
): { keys: readonly string[]; openKeys?: true } {
  const keys = new Set<string>();
  let open = false;
  const visit = (value: unknown, depth: number): void => {
    const schema = dereference(document, value);
    if (!schema || depth > 8) return;
    if (isObject(schema.properties)) for (const key of Object.keys(schema.properties)) keys.add(key);
    if (schema.additionalProperties === true || isObject(schema.additionalProperties)) open = true;
    for (const member of Array.isArray(schema.allOf) ? schema.allOf : []) visit(member, depth + 1);
  };
  visit(raw, 0);
  return { keys: [...keys], ...(open && namespaced ? { openKeys: true as const } : {}) };
}
