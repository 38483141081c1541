import { Entity } from '@myko/registry';
import { IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';

export const PARCEL_STATUSES = ['in_transit', 'delivered', 'returned'] as const;
export type ParcelStatus = (typeof PARCEL_STATUSES)[number];

/** The filter of `GetParcelsByQuery` and `CountParcels`. */
export class ParcelQuery {
  @IsOptional()
  @IsIn(PARCEL_STATUSES)
  status?: ParcelStatus;
}

/**
 * A parcel in the carrier network. `@Entity` generates its reads and counts (`GetAllParcels`,
 * `GetParcelById`, `GetParcelsByQuery`, …) and the `SetParcelStatus` command from these fields' rules.
 */
@Entity({
  idField: 'trackingCode',
  description: 'parcels in the carrier network',
  query: ParcelQuery,
  groups: { deletes: false },
  setters: ['status'],
})
export class Parcel {
  @Matches(/^PX-\d{4}$/)
  trackingCode!: string;

  @IsString()
  @Length(3, 3)
  depot!: string;

  @IsIn(PARCEL_STATUSES)
  status!: ParcelStatus;
}
