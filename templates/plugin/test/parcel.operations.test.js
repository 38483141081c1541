// The plugin's own test, over the compiled output (`npm run build && npm test`): plain providers, no server.
require('reflect-metadata');
const assert = require('node:assert/strict');
const { test } = require('node:test');
const { NotFoundError } = require('@myko/registry');
const { ParcelOperations, ParcelStore } = require('../dist/parcels.plugin.js');

test('TrackParcel answers a known parcel and refuses an unknown one with NotFoundError', () => {
  const operations = new ParcelOperations(new ParcelStore());
  assert.deepEqual(operations.TrackParcel({ trackingCode: 'PX-1002' }), {
    trackingCode: 'PX-1002',
    depot: 'AMS',
    status: 'delivered',
  });
  assert.throws(() => operations.TrackParcel({ trackingCode: 'PX-9999' }), NotFoundError);
});

test('the store filters by status and pages', () => {
  const store = new ParcelStore();
  assert.equal(store.count({ status: 'in_transit' }), 1);
  assert.deepEqual(
    store.getAll({ limit: 2, offset: 1 }).map((parcel) => parcel.trackingCode),
    ['PX-1002', 'PX-1003'],
  );
});
