import { type EntityPage, EntityRepository, type EntityStore } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { Parcel, type ParcelQuery } from './parcel.entity';

const SEED: Parcel[] = [
  { trackingCode: 'PX-1001', depot: 'BER', status: 'in_transit' },
  { trackingCode: 'PX-1002', depot: 'AMS', status: 'delivered' },
  { trackingCode: 'PX-1003', depot: 'BER', status: 'returned' },
];

/** Where parcels live: in memory here; a real plugin reads its own database or service. */
@Injectable()
@EntityRepository(Parcel)
export class ParcelStore implements EntityStore<Parcel, string, ParcelQuery> {
  private readonly rows = new Map(SEED.map((parcel) => [parcel.trackingCode, { ...parcel }]));

  getAll({ limit, offset }: EntityPage): Parcel[] {
    return [...this.rows.values()].slice(offset, offset + limit);
  }

  getByIds(ids: readonly string[]): Parcel[] {
    return ids.flatMap((id) => this.rows.get(id) ?? []);
  }

  getByQuery(query: ParcelQuery, { limit, offset }: EntityPage): Parcel[] {
    return this.matching(query).slice(offset, offset + limit);
  }

  getById(id: string): Parcel | undefined {
    return this.rows.get(id);
  }

  countAll(): number {
    return this.rows.size;
  }

  count(query: ParcelQuery): number {
    return this.matching(query).length;
  }

  delete(): boolean {
    return false;
  }

  deleteMany(): number {
    return 0;
  }

  set(id: string, field: string, value: unknown): Parcel | undefined {
    const parcel = this.rows.get(id);
    if (parcel) Object.assign(parcel, { [field]: value });
    return parcel;
  }

  private matching(query: ParcelQuery): Parcel[] {
    return [...this.rows.values()].filter((parcel) => query.status === undefined || parcel.status === query.status);
  }
}
