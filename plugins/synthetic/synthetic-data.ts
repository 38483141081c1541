import type { OperationHandler } from '@myko/registry';
import { type OutputShape, STATUSES } from './synthetic.catalog';
import { TIMELINE_EVENTS } from './synthetic-outputs';

/** What a generated handler needs to know about its entity. */
export interface SyntheticEntity {
  /** `Shipment` */
  readonly noun: string;
  /** Reference prefix, `SHP`. */
  readonly prefix: string;
  /** The first filter field's sample value: the grouping key of count reports. */
  readonly groupKey: string;
}

type Args = Record<string, unknown>;

const TOTAL = 42;
const DAY_MS = 86_400_000;
const EPOCH = Date.UTC(2025, 0, 1);

const isoAt = (id: number) => new Date(EPOCH + (id % 365) * DAY_MS + (id % 24) * 3_600_000).toISOString();
const int = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/** One record, the same for the same id: cheap, plausible, valid against its output schema. */
export function syntheticRecord(entity: SyntheticEntity, id: number) {
  return {
    id,
    reference: `${entity.prefix}-${String(id).padStart(6, '0')}`,
    name: `${entity.noun} ${id}`,
    status: STATUSES[id % STATUSES.length],
    ownerId: 1 + (id % 40),
    amountCents: (id * 7919) % 100_000,
    currency: 'EUR',
    updatedAt: isoAt(id),
  };
}

function timeline(id: number) {
  return TIMELINE_EVENTS.slice(0, 3).map((event, i) => ({
    at: isoAt(id + i),
    event,
    actor: `user${1 + ((id + i) % 9)}`,
  }));
}

function page(entity: SyntheticEntity, args: Args) {
  const offset = int(args.offset, 0);
  const limit = int(args.limit, 20);
  const count = Math.max(0, Math.min(2, limit, TOTAL - offset));
  const items = Array.from({ length: count }, (_, i) => syntheticRecord(entity, offset + i + 1));
  return offset + limit < TOTAL ? { items, total: TOTAL, nextOffset: offset + limit } : { items, total: TOTAL };
}

const HANDLERS: Record<OutputShape, (entity: SyntheticEntity, args: Args) => unknown> = {
  page,
  list: (entity, args) =>
    Array.isArray(args.ids)
      ? (args.ids as number[]).slice(0, 20).map((id) => syntheticRecord(entity, id))
      : [syntheticRecord(entity, 1), syntheticRecord(entity, 2)],
  detail: (entity, args) => {
    const { id, reference, name, status, amountCents } = syntheticRecord(entity, int(args.id, 1));
    return {
      id,
      reference,
      name,
      status,
      ownerName: 'Dana Kim',
      amountCents,
      relatedCount: id % 7,
      history: timeline(id),
    };
  },
  timeline: (_entity, args) => timeline(int(args.id, 1)),
  counts: (entity) => [
    { key: entity.groupKey, status: 'open', count: 12 },
    { key: entity.groupKey, status: 'closed', count: 7 },
    { key: 'other', status: 'open', count: 3 },
  ],
  months: () => [
    { month: '2025-01', count: 14, amountCents: 182_300 },
    { month: '2025-02', count: 11, amountCents: 140_150 },
    { month: '2025-03', count: 17, amountCents: 221_900 },
  ],
  record: (entity, args) => {
    if (args.id === undefined) {
      return { ...syntheticRecord(entity, 1001), reference: args.reference, name: args.name, status: 'draft' };
    }
    const record = syntheticRecord(entity, int(args.id, 1));
    return typeof args.status === 'string' ? { ...record, status: args.status } : record;
  },
  archived: (_entity, args) => ({ id: int(args.id, 1), archived: true, archivedAt: isoAt(int(args.id, 1)) }),
};

/** A handler returning plausible data of the shape at once (no I/O). */
export function syntheticHandler(shape: OutputShape, entity: SyntheticEntity): OperationHandler {
  const produce = HANDLERS[shape];
  return (args) => produce(entity, args as Args);
}
