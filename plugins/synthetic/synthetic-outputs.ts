import type { OperationOutput } from '@myko/registry';
import type { Type } from '@nestjs/common';
import { type FieldType, type OutputShape, STATUSES } from './synthetic.catalog';
import type { DtoClassCache, DtoField } from './synthetic-dto.factory';

/** Events a generated timeline reports. */
export const TIMELINE_EVENTS = ['created', 'changed', 'approved', 'closed'] as const;

const STRING: FieldType = { kind: 'string' };
const INT: FieldType = { kind: 'int' };
const STATUS: FieldType = { kind: 'enum', values: STATUSES };
const out = (name: string, type: DtoField['type'], description?: string, optional = false): DtoField => ({
  name,
  type,
  optional,
  ...(description ? { description } : {}),
});
const listOf = (of: Type<object>): DtoField['type'] => ({ kind: 'nested', of, list: true });

/** The fields of an entity record (`Shipment`): what lists, gets and commands return. */
const RECORD_FIELDS: readonly DtoField[] = [
  out('id', INT),
  out('reference', STRING, 'Unique business reference.'),
  out('name', STRING),
  out('status', STATUS),
  out('ownerId', INT, 'Id of the responsible employee.'),
  out('amountCents', INT, 'Amount in cents.'),
  out('currency', STRING, 'ISO 4217 currency code.'),
  out('updatedAt', STRING, 'ISO 8601 UTC timestamp.'),
];

/** Output classes shared by every entity. */
function timelineEvent(cache: DtoClassCache): Type<object> {
  return cache.get('TimelineEvent', () => [
    out('at', STRING, 'ISO 8601 UTC timestamp.'),
    out('event', { kind: 'enum', values: TIMELINE_EVENTS }),
    out('actor', STRING, 'User who acted.'),
  ]);
}

const SHARED: Record<'counts' | 'months' | 'archived', (cache: DtoClassCache) => Type<object>> = {
  counts: (cache) =>
    cache.get('CountRow', () => [
      out('key', STRING, 'Value of the grouping field.'),
      out('status', STATUS),
      out('count', INT),
    ]),
  months: (cache) =>
    cache.get('MonthTotal', () => [
      out('month', STRING, 'YYYY-MM.'),
      out('count', INT),
      out('amountCents', INT, 'Sum of amounts, cents.'),
    ]),
  archived: (cache) =>
    cache.get('ArchiveResult', () => [
      out('id', INT),
      out('archived', { kind: 'bool' }),
      out('archivedAt', STRING, 'ISO 8601 UTC timestamp.'),
    ]),
};

/** The output of a verb for an entity noun (`Shipment`, `ShipmentPage`, `ShipmentDetail`, `[CountRow]`…). */
export function outputOf(cache: DtoClassCache, shape: OutputShape, noun: string): OperationOutput {
  const record = () => cache.get(noun, () => RECORD_FIELDS);
  switch (shape) {
    case 'record':
      return record();
    case 'list':
      return [record()];
    case 'page':
      return cache.get(`${noun}Page`, () => [
        out('items', listOf(record())),
        out('total', INT, 'Items matching the filters, across all pages.'),
        out('nextOffset', INT, 'Offset of the next page; absent on the last page.', true),
      ]);
    case 'detail':
      return cache.get(`${noun}Detail`, () => [
        ...RECORD_FIELDS.slice(0, 4),
        out('ownerName', STRING, 'Name of the responsible employee.'),
        out('amountCents', INT, 'Amount in cents.'),
        out('relatedCount', INT, 'Number of related records.'),
        out('history', listOf(timelineEvent(cache)), 'Status changes, oldest first.'),
      ]);
    case 'timeline':
      return [timelineEvent(cache)];
    case 'counts':
    case 'months':
      return [SHARED[shape](cache)];
    case 'archived':
      return SHARED.archived(cache);
  }
}
