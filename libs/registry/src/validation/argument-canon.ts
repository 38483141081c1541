import type { Type } from '@nestjs/common';
import { normalizersOf } from '../decorators/normalize.decorator';

/**
 * How an operation reads its arguments, for whoever must compare values the same way (access
 * rules): the canonical form of each value (`@Normalize`) and the value an omitted argument takes
 * (a property initializer of the DTO). Undefined from {@link defaultOf}: an omitted argument does not
 * restrict the operation.
 * @publicApi
 */
export class ArgumentCanon {
  /** An operation whose arguments are compared exactly and have no defaults. */
  static readonly EXACT = new ArgumentCanon(undefined);

  /**
   * @param argsType the DTO class whose `@Normalize` steps and property initializers are read
   * @param normalizers given instead, for arguments described by schema (`ProgrammaticOperation.schema`)
   * @param defaults given instead, likewise
   */
  constructor(
    argsType: Type<object> | undefined,
    private readonly normalizers: ReadonlyMap<string, (value: string) => string> = normalizersOf(argsType),
    private readonly defaults: Readonly<Record<string, unknown>> = argsType ? defaultsOf(argsType) : {},
  ) {}

  /** Whether any argument has a canonical form other than its exact value. */
  get normalizes(): boolean {
    return this.normalizers.size > 0;
  }

  /** `value` of `argument` in canonical form (strings, and the strings of an array; anything else as is). */
  value(argument: string, value: unknown): unknown {
    const normalize = this.normalizers.get(argument);
    if (!normalize) return value;
    if (typeof value === 'string') return normalize(value);
    if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? normalize(item) : item));
    return value;
  }

  /** The value the operation gives `argument` when it is omitted, or undefined. */
  defaultOf(argument: string): unknown {
    return Object.hasOwn(this.defaults, argument) ? this.value(argument, this.defaults[argument]) : undefined;
  }

  /** A copy of `plain` with every normalized argument in canonical form (`plain` itself when nothing changes). */
  apply(plain: Record<string, unknown>): Record<string, unknown> {
    if (this.normalizers.size === 0) return plain;
    let copy: Record<string, unknown> | undefined;
    for (const argument of this.normalizers.keys()) {
      if (!Object.hasOwn(plain, argument)) continue;
      const canonical = this.value(argument, plain[argument]);
      if (canonical === plain[argument] || (Array.isArray(canonical) && sameItems(canonical, plain[argument])))
        continue;
      copy ??= { ...plain };
      copy[argument] = canonical;
    }
    return copy ?? plain;
  }
}

function sameItems(a: unknown[], b: unknown): boolean {
  return Array.isArray(b) && a.length === b.length && a.every((item, i) => item === b[i]);
}

function defaultsOf(type: Type<object>): Record<string, unknown> {
  try {
    const instance = new type() as Record<string, unknown>;
    return Object.fromEntries(Object.entries(instance).filter(([, value]) => value !== undefined && value !== null));
  } catch {
    return {};
  }
}
