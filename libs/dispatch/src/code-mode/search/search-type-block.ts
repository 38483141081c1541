import type { SignatureType } from './operation-signature';

/** Characters of type declarations a one-query answer shows at most… */
export const TYPE_BUDGET = 1_500;
/** …plus this much for each further query of a `queries` answer… */
export const TYPE_BUDGET_PER_QUERY = 500;
/** …up to this: past it, an agent is better served by describing the few operations it calls. */
export const MAX_TYPE_BUDGET = 4_000;

/** The type budget of an answer to `queries` queries. */
export function typeBudget(queries: number): number {
  return Math.min(MAX_TYPE_BUDGET, TYPE_BUDGET + TYPE_BUDGET_PER_QUERY * (queries - 1));
}

/** Fewest members a declared type needs to stand for them in another's body: fewer are as cheap said again. */
const MIN_BASE_MEMBERS = 3;

/**
 * `Order & { lines: OrderLine[] }` for a type that has every member of a type the answer already declared
 * (the one with the most), when that is shorter than its own body: the agent reads `Order`'s members once,
 * and learns that the two are the same record. Undefined when no declared type fits.
 */
function extensionOf(type: SignatureType, declared: ReadonlyMap<string, readonly string[]>): string | undefined {
  const own = new Set(type.members);
  let base: string | undefined;
  let baseMembers: readonly string[] = [];
  for (const [name, members] of declared) {
    if (members.length < MIN_BASE_MEMBERS || members.length >= own.size || members.length <= baseMembers.length) {
      continue;
    }
    if (members.every((member) => own.has(member))) [base, baseMembers] = [name, members];
  }
  if (base === undefined) return undefined;
  const inBase = new Set(baseMembers);
  const body = `${base} & { ${type.members.filter((member) => !inBase.has(member)).join('; ')} }`;
  return body.length < type.body.length ? body : undefined;
}

/**
 * The one `types` block of an answer: each type once, in the order the signatures reach them, while the
 * budget lasts (`Infinity` for an id searched alone). A type left out is named with its parent, and the
 * types only it reaches are left out with it, unnamed: the note says how to get them all.
 */
export class TypeBlock {
  private readonly types = new Map<string, string>();
  private readonly members = new Map<string, readonly string[]>();
  private readonly cut = new Set<string>();
  private readonly named: string[] = [];
  private firstCutOf?: string;
  private used = 0;

  constructor(private readonly budget: number) {}

  /** Declares the types of operation `id`'s signature that are not declared yet and fit. */
  add(id: string, list: readonly SignatureType[]): void {
    for (const type of list) {
      const { name, parent } = type;
      if (this.types.has(name) || this.cut.has(name)) continue;
      const body = extensionOf(type, this.members) ?? type.body;
      const cost = name.length + body.length + 8; // `type ${name} = ${body}\n`
      if (parent !== undefined && this.cut.has(parent)) {
        this.cut.add(name);
      } else if (this.used + cost > this.budget) {
        this.cut.add(name);
        this.named.push(`${name} of ${parent ?? id}`);
        this.firstCutOf ??= id;
      } else {
        this.used += cost;
        this.types.set(name, body);
        this.members.set(name, type.members);
      }
    }
  }

  /** `{ types?, typesOmitted? }` to spread into the answer. */
  finish(): { types?: Record<string, string>; typesOmitted?: string } {
    const out: { types?: Record<string, string>; typesOmitted?: string } = {};
    if (this.types.size > 0) out.types = Object.fromEntries(this.types);
    if (this.named.length > 0) {
      out.typesOmitted = `Not declared (page budget): ${this.named.join(', ')}. An id searched alone, or myko.describe('${this.firstCutOf}'), declares them.`;
    }
    return out;
  }
}
