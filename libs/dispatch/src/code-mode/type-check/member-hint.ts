import * as ts from 'typescript';
import { didYouMean, nearest } from './spelling';

/** Members listed at most: all of a small type, else the nearest by spelling. */
export const MAX_LISTED_MEMBERS = 12;
/** A hint is cut here, whatever the type: a refusal stays bounded. */
export const MAX_HINT_CHARS = 400;

/**
 * What a refusal adds so that the agent can fix the script without another call: the members of the type read
 * from (or the arguments an operation accepts, or the values an enum allows), a did-you-mean, and a field of the
 * same name one level down (`row.sku` missing, `row.product.sku` there).
 */
export class MemberHint {
  constructor(private readonly checker: ts.TypeChecker) {}

  /** For `name` read from (`label` 'fields') or written into (`label` 'arguments') `type`. */
  forMember(type: ts.Type, name: string, label: 'fields' | 'arguments', mentioned: string): string | undefined {
    if (isPromise(type)) return AWAIT_IT;
    const members = this.membersOf(type);
    if (members.length === 0) return undefined;
    const parts = [this.listed(members, name, label)];
    const meant = didYouMean(name, members);
    if (meant && !mentioned.includes(`'${meant}'`)) parts.push(`Did you mean '${meant}'?`);
    const below = label === 'fields' ? this.oneLevelDown(type, name) : undefined;
    if (below) parts.push(`'${name}' is a field of '${below}': use .${below}.${name}.`);
    return bounded(parts.join(' '));
  }

  /** For a value given where only some string literals are valid (`status: 'open'`). */
  forValue(target: ts.Type, written: string | undefined): string | undefined {
    const values = literalsOf(target);
    if (values.length === 0) return undefined;
    const parts = [`Accepted values: ${values.map((value) => `'${value}'`).join(', ')}.`];
    const meant = written === undefined ? undefined : didYouMean(written, values);
    if (meant) parts.push(`Did you mean '${meant}'?`);
    return bounded(parts.join(' '));
  }

  private listed(members: readonly string[], name: string, label: string): string {
    if (members.length <= MAX_LISTED_MEMBERS) return `Its ${label}: ${members.join(', ')}.`;
    const near = nearest(name, members, MAX_LISTED_MEMBERS);
    return `Its ${label} nearest '${name}' (of ${members.length}): ${near.join(', ')}.`;
  }

  /** Property names of the type, of every member of a union, in declaration order, without duplicates. */
  private membersOf(type: ts.Type): string[] {
    const names = new Set<string>();
    for (const member of this.partsOf(type)) {
      for (const property of this.checker.getPropertiesOfType(member)) names.add(property.name);
    }
    return [...names];
  }

  /** The field of `type` whose own type has `name`, if exactly that is what the script skipped. */
  private oneLevelDown(type: ts.Type, name: string): string | undefined {
    for (const member of this.partsOf(type)) {
      for (const property of this.checker.getPropertiesOfType(member)) {
        const inner = this.checker.getNonNullableType(this.checker.getTypeOfSymbol(property));
        if (inner.getCallSignatures().length > 0 || !(inner.flags & ts.TypeFlags.Object)) continue;
        if (this.checker.getPropertyOfType(inner, name)) return property.name;
      }
    }
    return undefined;
  }

  private partsOf(type: ts.Type): ts.Type[] {
    const nonNull = this.checker.getNonNullableType(type);
    const parts = nonNull.isUnion() ? nonNull.types : [nonNull];
    return parts.filter((part) => part.flags & ts.TypeFlags.Object).map((part) => this.checker.getApparentType(part));
  }
}

/** What a script that uses an operation's Promise as its result must do. */
export const AWAIT_IT = "It is the operation's Promise, not its result: put await before the myko.… call.";

function isPromise(type: ts.Type): boolean {
  return (type.getSymbol() ?? type.aliasSymbol)?.name === 'Promise';
}

/** The string literals of a union of them (`'pending' | 'paid'`), else none. */
function literalsOf(type: ts.Type): string[] {
  const parts = type.isUnion() ? type.types : [type];
  const literals = parts.filter((part) => part.isStringLiteral()) as ts.StringLiteralType[];
  return literals.length > 1 ? literals.map((literal) => literal.value) : [];
}

function bounded(hint: string): string {
  return hint.length <= MAX_HINT_CHARS ? hint : `${hint.slice(0, MAX_HINT_CHARS - 1)}…`;
}
