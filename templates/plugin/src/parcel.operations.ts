import { ArgDescription, NotFoundError, type OperationContext, Query } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { Matches } from 'class-validator';
import { Parcel } from './parcel.entity';
import { ParcelStore } from './parcel.store';

export class TrackParcelArgs {
  @Matches(/^PX-\d{4}$/)
  @ArgDescription('The tracking code printed on the label, e.g. PX-1001.')
  trackingCode!: string;
}

/** Hand-written operations beside the entity's generated ones. */
@Injectable()
export class ParcelOperations {
  constructor(private readonly parcels: ParcelStore) {}

  @Query({
    description: 'Where a parcel is and whether it was delivered, by its tracking code.',
    args: TrackParcelArgs,
    output: Parcel,
    keywords: ['shipment tracking', 'delivery status'],
  })
  TrackParcel(args: TrackParcelArgs, ctx?: OperationContext): Parcel {
    const parcel = this.parcels.getById(args.trackingCode);
    if (!parcel) throw new NotFoundError('Parcel', args.trackingCode);
    ctx?.log.info('parcel tracked', { trackingCode: parcel.trackingCode });
    return parcel;
  }
}
