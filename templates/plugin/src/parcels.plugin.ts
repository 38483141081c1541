import { Module } from '@nestjs/common';
import { ParcelOperations } from './parcel.operations';
import { ParcelStore } from './parcel.store';

export { Parcel, ParcelQuery } from './parcel.entity';
export { ParcelOperations, TrackParcelArgs } from './parcel.operations';
export { ParcelStore } from './parcel.store';

/** The plugin: `myko-nest serve --plugin ./dist/parcels.plugin.js` imports it beside the built-in plugins. */
@Module({ providers: [ParcelStore, ParcelOperations] })
export class ParcelsModule {}
