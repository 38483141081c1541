import type { AdminProfileName } from './admin-fixtures';

/** A small seeded PRNG (mulberry32): the same seed draws the same triples on every run. */
export class SeededRandom {
  constructor(private state: number) {}

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
}

/** One question: may this profile's key call `myko.<kind>(id, args)`? */
export interface Triple {
  profile: AdminProfileName;
  kind: 'query' | 'view' | 'report' | 'command';
  id: string;
  args: Record<string, unknown>;
}

/** Warehouse codes on both sides of the profiles' rules (a lower-case one is normalized to upper case). */
const WAREHOUSES = ['BER', 'ber', 'HAM', 'MUC', 'XYZ', undefined];

function warehouse(r: SeededRandom): Record<string, unknown> {
  const code = r.pick(WAREHOUSES);
  return code === undefined ? {} : { warehouseCode: code };
}

type Draw = (r: SeededRandom) => Record<string, unknown>;

/** Operations of the example plugins, hidden and visible, with arguments valid and not. */
const OPERATIONS: ReadonlyArray<[Triple['kind'], string, Draw]> = [
  [
    'command',
    'CancelOrder',
    (r) => ({ orderId: r.int(1, 3), ...warehouse(r), ...(r.next() < 0.3 ? { reason: '' } : {}) }),
  ],
  ['command', 'RestockProduct', (r) => ({ productId: r.int(1, 3), ...warehouse(r), quantity: r.pick([4, -1, 10]) })],
  [
    'command',
    'PlaceOrder',
    (r) => ({ customerId: 1, ...warehouse(r), lines: [{ productId: 1, quantity: r.pick([1, 0]) }] }),
  ],
  ['command', 'DeactivateProduct', (r) => ({ productId: r.pick([3, 'x']) })],
  ['command', 'UpdateCustomer', (r) => ({ customerId: r.int(1, 2), name: 'Renamed' })],
  ['command', 'MarkOrderPaid', (r) => ({ orderId: r.int(1, 3), ...(r.next() < 0.3 ? warehouse(r) : {}) })],
  [
    'query',
    'ListOrders',
    (r) => ({ ...warehouse(r), ...(r.next() < 0.3 ? { status: r.pick(['open', 'bogus']) } : {}) }),
  ],
  ['query', 'GetOrders', (r) => ({ ids: r.pick([[1], [1, 2], 'x']) })],
  ['query', 'ListWarehouses', () => ({})],
  ['query', 'ListStockLevels', (r) => warehouse(r)],
  ['report', 'LowStock', () => ({})],
  ['query', 'NoSuchOperation', () => ({})],
];

/** `count` triples drawn from the seed, over every profile. */
export function drawTriples(seed: number, count: number, profiles: readonly AdminProfileName[]): Triple[] {
  const r = new SeededRandom(seed);
  return Array.from({ length: count }, () => {
    const [kind, id, draw] = r.pick(OPERATIONS);
    return { profile: r.pick(profiles), kind, id, args: draw(r) };
  });
}

/**
 * A script that makes each call and reports, per call, null when it went through and the error's
 * `name: message` when not. Commands run in plan mode: checked and validated, never run.
 */
export function callsScript(triples: readonly Triple[]): string {
  const calls = JSON.stringify(triples.map(({ kind, id, args }) => [kind, id, args]));
  return `
    const calls = JSON.parse(${JSON.stringify(calls)});
    const out = [];
    for (const [kind, id, args] of calls) {
      try { await myko[kind](id, args); out.push(null); }
      catch (e) { out.push(String(e && e.name) + ': ' + String(e && e.message)); }
    }
    return out;`;
}
