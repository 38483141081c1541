import type { OperationRegistry } from '@myko/registry';
import type { ScriptDiscovery } from '../../execute/script-discovery';
import { OPERATIONS } from './checker-operations.fixture';

/**
 * A type bomb in plain JavaScript (JSDoc types, which the checker reads as it reads TypeScript): a distributive
 * conditional type over a cross product of 10⁵ tuples. TypeScript checks it in about 17 s on one core (measured
 * with `ScriptChecker`), far beyond any check's time limit; what runs is two lines. `before` goes between the
 * types and the rest (a command, a type error).
 */
export function typeBomb(before: string): string {
  return [
    '/** @typedef {0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9} D */',
    '/** @template A, B @typedef {A extends unknown ? (B extends unknown ? [A, B] : never) : never} P */',
    '/** @typedef {P<P<P<D, D>, P<D, D>>, D>} Bomb */',
    '/** @type {Bomb} */',
    'const bomb = null;',
    before,
    'return bomb;',
  ].join('\n');
}

/** The registry of `checker-operations.fixture.ts` (`report LowStock`, `command Restock`), as the checker reads it. */
export const FIXTURE_REGISTRY = {
  get: (name: string) => OPERATIONS.find((op) => op.name === name),
} as unknown as OperationRegistry;

/** A discovery that only names an operation as missing (the checker's unknown-operation message). */
export const FIXTURE_DISCOVERY = {
  notFound: (name: string) => new Error(`Unknown operation: ${name}.`),
} as unknown as ScriptDiscovery;
