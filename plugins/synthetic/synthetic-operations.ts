import type { ProgrammaticOperation } from '@myko/registry';
import { DOMAINS, FILTER_FIELDS, type FilterField, NOUNS, VERBS, type Verb } from './synthetic.catalog';
import { argumentsDto } from './synthetic-args';
import { syntheticHandler } from './synthetic-data';
import { DtoClassCache } from './synthetic-dto.factory';
import { outputOf } from './synthetic-outputs';

/** The `source` generated operations are registered under (`programmatic:synthetic`). */
export const SYNTHETIC_SOURCE = 'synthetic';

/** Shared by every call in the process, so N = 1,000 and N = 10,000 reuse the same DTO classes. */
const dtos = new DtoClassCache();

interface EntityVars {
  readonly [key: string]: string;
}

const fill = (pattern: string, vars: EntityVars) => pattern.replace(/\{(\w+)\}/g, (_, key: string) => vars[key]);
const capitalize = (word: string) => word[0].toUpperCase() + word.slice(1);

/** The two filter fields of entity `n`: every entity a different pair, never the same field twice. */
function filterFields(n: number): [FilterField, FilterField] {
  const count = FILTER_FIELDS.length;
  const f0 = FILTER_FIELDS[n % count];
  const f1 = FILTER_FIELDS[(n + 1 + (Math.floor(n / count) % (count - 1))) % count];
  return [f0, f1];
}

/** Entity `n`: domain `n mod 25`, noun `n / 25 mod 40`, a round suffix after the first 1,000. */
function entityAt(n: number) {
  const domain = DOMAINS[n % DOMAINS.length];
  const [singular, plural, prefix] = NOUNS[Math.floor(n / DOMAINS.length) % NOUNS.length];
  const round = Math.floor(n / (DOMAINS.length * NOUNS.length));
  const suffix = round === 0 ? '' : String(round + 1);
  const [f0, f1] = filterFields(n);
  const vars: EntityVars = {
    S: domain + singular + suffix,
    P: domain + plural + suffix,
    s: `${domain.toLowerCase()} ${singular.toLowerCase()}`,
    p: `${domain.toLowerCase()} ${plural.toLowerCase()}`,
    d: domain,
    f0: f0.name,
    f1: f1.name,
    F0: capitalize(f0.name),
  };
  return { singular, prefix, f0, f1, vars };
}

function operationOf(verb: Verb, entity: ReturnType<typeof entityAt>, source: string): ProgrammaticOperation {
  const { singular, prefix, f0, f1, vars } = entity;
  return {
    kind: verb.kind,
    id: fill(verb.idPattern, vars),
    description: fill(verb.description, vars),
    args: argumentsDto(dtos, verb.args, f0, f1),
    output: outputOf(dtos, verb.output, singular),
    handler: syntheticHandler(verb.output, { noun: singular, prefix, groupKey: String(f0.sample) }),
    ...(verb.idempotent ? { idempotent: true } : {}),
    ...(verb.destructive ? { destructive: true } : {}),
    source,
  };
}

/**
 * `count` generated operations for `OperationRegistry.register`, ten per entity (3 queries, 2 views,
 * 2 reports, 3 commands), e.g. `query_ListLogisticsShipments`, `report_CrmLeadCountsByRegion`. Each
 * has a description written for a model, 3–6 typed and described arguments from real class-validator
 * DTOs, an output DTO, and a handler that returns plausible data at once. Deterministic: the same
 * `count` gives the same operations, in the same order, every time.
 */
export function syntheticOperations(count: number, source = SYNTHETIC_SOURCE): ProgrammaticOperation[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
  const operations: ProgrammaticOperation[] = [];
  for (let n = 0; operations.length < count; n++) {
    const entity = entityAt(n);
    for (const verb of VERBS) {
      if (operations.length >= count) break;
      operations.push(operationOf(verb, entity, source));
    }
  }
  return operations;
}
