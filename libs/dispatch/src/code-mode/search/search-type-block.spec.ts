import type { SignatureType } from './operation-signature';
import { TypeBlock } from './search-type-block';

const ORDER_MEMBERS = ['id: number', 'customerId: number', "status: 'pending' | 'paid'", 'totalCents: number'];
const ORDER: SignatureType = { name: 'Order', body: `{ ${ORDER_MEMBERS.join('; ')} }`, members: ORDER_MEMBERS };
const DETAIL_MEMBERS = ['lines: OrderLine[]', ...ORDER_MEMBERS];
const DETAIL: SignatureType = {
  name: 'OrderDetail',
  body: `{ ${DETAIL_MEMBERS.join('; ')} }`,
  members: DETAIL_MEMBERS,
};

describe('TypeBlock', () => {
  it('declares a type that is a declared one plus members as that type & the rest', () => {
    const block = new TypeBlock(Number.POSITIVE_INFINITY);
    block.add('ListOrders', [ORDER]);
    block.add('ShipOrder', [DETAIL]);
    expect(block.finish().types).toEqual({ Order: ORDER.body, OrderDetail: 'Order & { lines: OrderLine[] }' });
  });

  it('declares it in full when the smaller type is not declared first, or differs in a member', () => {
    const first = new TypeBlock(Number.POSITIVE_INFINITY);
    first.add('ShipOrder', [DETAIL]);
    first.add('ListOrders', [ORDER]);
    expect(first.finish().types?.OrderDetail).toBe(DETAIL.body);
    const optional = ['id: number', 'customerId?: number', ...ORDER_MEMBERS.slice(2)];
    const other = new TypeBlock(Number.POSITIVE_INFINITY);
    other.add('ListOrders', [{ name: 'Order', body: `{ ${optional.join('; ')} }`, members: optional }]);
    other.add('ShipOrder', [DETAIL]);
    expect(other.finish().types?.OrderDetail).toBe(DETAIL.body);
  });

  it('leaves a type of fewer than three members to be said again', () => {
    const ref: SignatureType = {
      name: 'Ref',
      body: '{ id: number; name: string }',
      members: ['id: number', 'name: string'],
    };
    const more = ['id: number', 'name: string', 'city: string'];
    const block = new TypeBlock(Number.POSITIVE_INFINITY);
    block.add('A', [ref]);
    block.add('B', [{ name: 'Place', body: `{ ${more.join('; ')} }`, members: more }]);
    expect(block.finish().types?.Place).toBe('{ id: number; name: string; city: string }');
  });
});
