import type { JsonSchema } from '@myko/registry';

/**
 * Canonical forms of string arguments whose schema is an `enum` (or a list of one): a value that
 * matches a member case-insensitively becomes that member (`OPEN` → `open`), before validation and
 * wherever access rules compare values, as `@Normalize` does for decorated operations. An enum whose
 * members differ only by case is compared exactly.
 */
export function enumNormalizers(
  properties: Record<string, JsonSchema>,
  defs: Record<string, JsonSchema>,
): Map<string, (value: string) => string> {
  const normalizers = new Map<string, (value: string) => string>();
  for (const [name, schema] of Object.entries(properties)) {
    const members = enumOf(resolved(schema, defs)) ?? enumOf(resolved(resolved(schema, defs)?.items, defs));
    const byLower = members && caseInsensitive(members);
    if (byLower) normalizers.set(name, (value) => byLower.get(value.toLowerCase()) ?? value);
  }
  return normalizers;
}

/** The schema `default` of each top-level argument that has one. */
export function defaultsOf(properties: Record<string, JsonSchema>): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(properties))
    if (schema.default !== undefined) defaults[name] = schema.default;
  return defaults;
}

function resolved(schema: unknown, defs: Record<string, JsonSchema>): JsonSchema | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const ref = (schema as JsonSchema).$ref;
  return typeof ref === 'string' ? defs[ref.slice(ref.lastIndexOf('/') + 1)] : (schema as JsonSchema);
}

function enumOf(schema: JsonSchema | undefined): string[] | undefined {
  const members = schema?.enum;
  if (!Array.isArray(members)) return undefined;
  const strings = members.filter((member): member is string => typeof member === 'string');
  return strings.length > 0 ? strings : undefined;
}

function caseInsensitive(members: string[]): Map<string, string> | undefined {
  const byLower = new Map<string, string>();
  for (const member of members) {
    const lower = member.toLowerCase();
    if (byLower.has(lower)) return undefined;
    byLower.set(lower, member);
  }
  return byLower;
}
