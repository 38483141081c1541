import { parseKeyHash, type ToolMode } from '@myko/access';
import { quote } from '@myko/filter';
import type { AccessConfigIssue } from './access-config.error';
import { isObject, type Json } from './json-object';
import { unknownPropertyMessage } from './unknown-property.message';

export { isObject, type Json };

/** How the config's root is named in an issue's path. */
export const ROOT = '(root)';
const TOOL_MODES: readonly ToolMode[] = ['code', 'direct', 'both'];
const TYPE_CHECKS = ['strict', 'warn', 'off'] as const;

/**
 * Collects every problem with its path, so one run reports them all; the section parsers of the access
 * config share one, so a key hash listed twice (in two profiles, or a profile and `admin`) is caught.
 */
export class AccessConfigValidator {
  readonly issues: AccessConfigIssue[] = [];
  /** A rejected key or `auth.required` makes "no profile has keys" a guess, so it is not reported. */
  keysUncertain = false;
  private readonly keyOwners = new Map<string, string>();

  add(path: string, problem: string): void {
    this.issues.push({ path, problem });
  }

  /** The value as an object whose keys are all `known`, else undefined (each unknown key is reported). */
  object(value: unknown, path: string, known: readonly string[]): Json | undefined {
    if (!isObject(value)) {
      this.add(path, `expected an object`);
      return undefined;
    }
    for (const key of Object.keys(value)) {
      if (!known.includes(key)) this.add(path === ROOT ? key : `${path}.${key}`, unknownPropertyMessage(key, known));
    }
    return value;
  }

  toolMode(value: unknown, path: string): ToolMode | undefined {
    if (value === undefined) return undefined;
    if (TOOL_MODES.includes(value as ToolMode)) return value as ToolMode;
    this.add(path, `expected one of ${TOOL_MODES.map((m) => `"${m}"`).join(', ')}, got ${quote(value)}`);
    return undefined;
  }

  typeCheck(value: unknown, path: string): (typeof TYPE_CHECKS)[number] | undefined {
    if (value === undefined) return undefined;
    if (TYPE_CHECKS.includes(value as (typeof TYPE_CHECKS)[number])) return value as (typeof TYPE_CHECKS)[number];
    this.add(path, `expected one of ${TYPE_CHECKS.map((m) => `"${m}"`).join(', ')}, got ${quote(value)}`);
    return undefined;
  }

  /** The `"sha256:<hex>"` key hashes listed; each must be well formed and select one profile (or be an admin key). */
  keys(value: unknown, path: string): string[] {
    if (value === undefined) return [];
    if (!Array.isArray(value)) {
      this.keysUncertain = true;
      this.add(path, 'expected an array of "sha256:<hex>" key hashes');
      return [];
    }
    return value.flatMap((stored, i) => {
      const at = `${path}[${i}]`;
      const digest = typeof stored === 'string' ? parseKeyHash(stored) : undefined;
      if (!digest) {
        this.keysUncertain = true;
        this.add(at, 'expected "sha256:" followed by 64 hex digits (the SHA-256 of the key, never the key itself)');
        return [];
      }
      const hex = digest.toString('hex');
      const owner = this.keyOwners.get(hex);
      if (owner) this.add(at, `the same key is already listed at ${owner}; a key must select one profile`);
      else this.keyOwners.set(hex, at);
      return [`sha256:${hex}`];
    });
  }
}
