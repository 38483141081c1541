/** Tasks over the inventory plugin: stock and prices (commands), found through reports and views. */
const { STOCK, bySku, holds, same, stockOf } = require('./checks');

const NOTE = 'PO-7781';
const MOUSE = 'ELE-002';
const raised = (cents) => Math.round(cents * 1.05);

/** Low-stock rows of active products in BER that have a suggested reorder quantity, before restocking. */
function lowInBerlin(db) {
  return db
    .prepare(
      `SELECT p.sku, s.on_hand AS onHand, MAX(s.reorder_point * 3 - (s.on_hand - s.reserved), 0) AS quantity
       FROM ${STOCK} WHERE w.code = 'BER' AND p.active = 1 AND s.on_hand - s.reserved <= s.reorder_point`,
    )
    .all()
    .filter((row) => row.quantity > 0);
}

/** Movements of one SKU in one warehouse with this reason and note. */
function movements(db, sku, code, reason, note) {
  return db
    .prepare(
      `SELECT m.quantity_delta AS delta FROM stock_movements m JOIN products p ON p.id = m.product_id
       JOIN warehouses w ON w.id = m.warehouse_id WHERE p.sku = ? AND w.code = ? AND m.reason = ? AND m.note = ?`,
    )
    .all(sku, code, reason, note)
    .map((row) => row.delta);
}

/**
 * The transfers that cover Madrid's low stock: each active low product's suggested quantity, from the other
 * warehouse with the most available units (the first by code on a tie) when it has that many.
 */
function madridTransfers(db) {
  const low = db
    .prepare(
      `SELECT p.id, p.sku, MAX(s.reorder_point * 3 - (s.on_hand - s.reserved), 0) AS quantity
       FROM ${STOCK} WHERE w.code = 'MAD' AND p.active = 1 AND s.on_hand - s.reserved <= s.reorder_point`,
    )
    .all()
    .filter((row) => row.quantity > 0);
  return low.flatMap((row) => {
    const [from] = Object.entries(stockOf(db, row.sku))
      .filter(([code]) => code !== 'MAD')
      .sort(([a, x], [b, y]) => y.available - x.available || a.localeCompare(b));
    return from && from[1].available >= row.quantity ? [{ sku: row.sku, from: from[0], quantity: row.quantity }] : [];
  });
}

const outdoorPrices = (db) =>
  db.prepare("SELECT sku, unit_price_cents AS unitPriceCents FROM products WHERE category = 'Outdoor' AND active = 1");

/** @type {import('./index').AgentTask[]} */
module.exports = [
  {
    name: 'restock-low-ber',
    ask: `Restock every active product that is low in Berlin (BER) by its suggested reorder quantity; delivery note ${NOTE}.`,
    searches: ['low stock', 'restock a product'],
    script: `const l=await myko.report('LowStock',{warehouseCode:'BER'});
const r=await Promise.all(l.filter(x=>x.active&&x.suggestedReorderQuantity>0).map(x=>myko.command('RestockProduct',{productId:x.productId,warehouseCode:'BER',quantity:x.suggestedReorderQuantity,note:'${NOTE}'})));
return r.map(s=>({sku:s.sku,onHand:s.onHand}));`,
    direct: [
      () => [['report_LowStock', { warehouseCode: 'BER' }]],
      ([[low]]) =>
        low
          .filter((x) => x.active && x.suggestedReorderQuantity > 0)
          .map((x) => [
            'command_RestockProduct',
            { productId: x.productId, warehouseCode: 'BER', quantity: x.suggestedReorderQuantity, note: NOTE },
          ]),
    ],
    answer: ([, levels = []]) => levels.map((s) => ({ sku: s.sku, onHand: s.onHand })),
    before: lowInBerlin,
    check: (db, answer, low) => [
      ...holds(low.length > 0, 'nothing low in BER: the task tests nothing'),
      ...same(
        'restocked levels',
        bySku(answer),
        bySku(low.map((row) => ({ sku: row.sku, onHand: row.onHand + row.quantity }))),
      ),
      ...same(
        'on hand in the database',
        bySku(low).map((row) => stockOf(db, row.sku).BER.onHand),
        bySku(low).map((row) => row.onHand + row.quantity),
      ),
      ...same(
        'restock movements',
        bySku(low).map((row) => movements(db, row.sku, 'BER', 'restock', NOTE)),
        bySku(low).map((row) => [row.quantity]),
      ),
    ],
  },
  {
    name: 'write-off-damaged',
    ask: 'A stock count in Madrid (MAD) found 2 damaged Espresso Machines (KIT-001). Write them off.',
    searches: ['write off damaged stock', 'product availability'],
    script: `const a=await myko.view('ProductAvailability',{sku:'KIT-001'});
const s=await myko.command('AdjustStock',{productId:a.product.id,warehouseCode:'MAD',quantityDelta:-2,note:'stock count: 2 damaged'});
return {sku:s.sku,onHand:s.onHand};`,
    direct: [
      () => [['view_ProductAvailability', { sku: 'KIT-001' }]],
      ([[{ product }]]) => [
        [
          'command_AdjustStock',
          { productId: product.id, warehouseCode: 'MAD', quantityDelta: -2, note: 'stock count: 2 damaged' },
        ],
      ],
    ],
    answer: ([, [level]]) => ({ sku: level.sku, onHand: level.onHand }),
    before: (db) => stockOf(db, 'KIT-001').MAD.onHand,
    check: (db, answer, onHand) => [
      ...same('answer', answer, { sku: 'KIT-001', onHand: onHand - 2 }),
      ...same('on hand in the database', stockOf(db, 'KIT-001').MAD.onHand, onHand - 2),
      ...same('adjustment movement', movements(db, 'KIT-001', 'MAD', 'adjustment', 'stock count: 2 damaged'), [-2]),
    ],
  },
  {
    name: 'transfer-to-emptiest',
    ask: `Move 10 Wireless Mouse units (${MOUSE}) from the warehouse with the most available to the one with the fewest.`,
    searches: ['move stock between warehouses', 'product availability'],
    script: `const a=await myko.view('ProductAvailability',{sku:'${MOUSE}'});
const w=[...a.warehouses].sort((x,y)=>y.available-x.available);
const t=await myko.command('TransferStock',{productId:a.product.id,fromWarehouseCode:w[0].warehouseCode,toWarehouseCode:w.at(-1).warehouseCode,quantity:10});
return {from:t.from.warehouseCode,to:t.to.warehouseCode,fromAvailable:t.from.available,toAvailable:t.to.available};`,
    direct: [
      () => [['view_ProductAvailability', { sku: MOUSE }]],
      ([[view]]) => {
        const w = [...view.warehouses].sort((x, y) => y.available - x.available);
        const codes = { fromWarehouseCode: w[0].warehouseCode, toWarehouseCode: w.at(-1).warehouseCode };
        return [['command_TransferStock', { productId: view.product.id, ...codes, quantity: 10 }]];
      },
    ],
    answer: ([, [t]]) => ({
      from: t.from.warehouseCode,
      to: t.to.warehouseCode,
      fromAvailable: t.from.available,
      toAvailable: t.to.available,
    }),
    before: (db) => stockOf(db, MOUSE),
    check: (db, answer, levels) => {
      const available = Object.values(levels).map((level) => level.available);
      const now = stockOf(db, MOUSE);
      return [
        ...holds(levels[answer.from]?.available === Math.max(...available), `${answer.from} did not have the most`),
        ...holds(levels[answer.to]?.available === Math.min(...available), `${answer.to} did not have the fewest`),
        ...same('answer', answer, {
          from: answer.from,
          to: answer.to,
          fromAvailable: levels[answer.from].available - 10,
          toAvailable: levels[answer.to].available + 10,
        }),
        ...same(
          'available in the database',
          [now[answer.from].available, now[answer.to].available],
          [answer.fromAvailable, answer.toAvailable],
        ),
      ];
    },
  },
  {
    name: 'cover-low-mad',
    ask:
      'Cover every active product that is low in Madrid (MAD): move its suggested reorder quantity there from ' +
      'the warehouse with the most available units, if that one has enough.',
    searches: ['low stock', 'move stock between warehouses', 'product availability'],
    script: `const l=(await myko.report('LowStock',{warehouseCode:'MAD'})).filter(x=>x.active&&x.suggestedReorderQuantity>0);
const r=[];
for(const x of l){const a=await myko.view('ProductAvailability',{productId:x.productId});
const [f]=a.warehouses.filter(w=>w.warehouseCode!=='MAD').sort((p,q)=>q.available-p.available||p.warehouseCode.localeCompare(q.warehouseCode));
if(f&&f.available>=x.suggestedReorderQuantity){await myko.command('TransferStock',{productId:x.productId,fromWarehouseCode:f.warehouseCode,toWarehouseCode:'MAD',quantity:x.suggestedReorderQuantity});r.push({sku:x.sku,from:f.warehouseCode,quantity:x.suggestedReorderQuantity});}}
return r;`,
    direct: [
      () => [['report_LowStock', { warehouseCode: 'MAD' }]],
      ([[low]]) =>
        low
          .filter((x) => x.active && x.suggestedReorderQuantity > 0)
          .map((x) => ['view_ProductAvailability', { productId: x.productId }]),
      ([[low], views]) =>
        (views ?? []).flatMap((view) => {
          const row = low.find((x) => x.productId === view.product.id);
          const [from] = view.warehouses
            .filter((w) => w.warehouseCode !== 'MAD')
            .sort((p, q) => q.available - p.available || p.warehouseCode.localeCompare(q.warehouseCode));
          if (!from || from.available < row.suggestedReorderQuantity) return [];
          const move = { fromWarehouseCode: from.warehouseCode, toWarehouseCode: 'MAD' };
          return [
            ['command_TransferStock', { productId: row.productId, ...move, quantity: row.suggestedReorderQuantity }],
          ];
        }),
    ],
    answer: ([, , transfers = []]) =>
      transfers.map((t) => ({ sku: t.to.sku, from: t.from.warehouseCode, quantity: t.quantity })),
    before: (db) => {
      const transfers = madridTransfers(db);
      return { transfers, levels: Object.fromEntries(transfers.map((t) => [t.sku, stockOf(db, t.sku)])) };
    },
    check: (db, answer, { transfers, levels }) => [
      ...holds(transfers.length > 0, 'nothing to cover in MAD: the task tests nothing'),
      ...same('transfers', bySku(answer), bySku(transfers)),
      ...same(
        'available in the database',
        bySku(transfers).map((t) => [stockOf(db, t.sku).MAD.available, stockOf(db, t.sku)[t.from].available]),
        bySku(transfers).map((t) => [
          levels[t.sku].MAD.available + t.quantity,
          levels[t.sku][t.from].available - t.quantity,
        ]),
      ),
    ],
  },
  {
    name: 'reprice-outdoor',
    ask: 'Raise the price of every active Outdoor product by 5%, rounded to the cent.',
    searches: ['change the price of a product', 'list products of a category'],
    script: `const p=await myko.query('ListProducts',{category:'Outdoor',active:true});
const r=await Promise.all(p.items.map(x=>myko.command('UpdateProductPrice',{productId:x.id,unitPriceCents:Math.round(x.unitPriceCents*1.05)})));
return r.map(x=>({sku:x.sku,unitPriceCents:x.unitPriceCents}));`,
    direct: [
      () => [['query_ListProducts', { category: 'Outdoor', active: true }]],
      ([[page]]) =>
        page.items.map((x) => [
          'command_UpdateProductPrice',
          { productId: x.id, unitPriceCents: raised(x.unitPriceCents) },
        ]),
    ],
    answer: ([, products = []]) => products.map((x) => ({ sku: x.sku, unitPriceCents: x.unitPriceCents })),
    before: (db) => outdoorPrices(db).all(),
    check: (db, answer, prices) => {
      const expected = bySku(prices.map((p) => ({ sku: p.sku, unitPriceCents: raised(p.unitPriceCents) })));
      return [
        ...holds(prices.length > 0, 'no active Outdoor product: the task tests nothing'),
        ...same('new prices', bySku(answer), expected),
        ...same('prices in the database', bySku(outdoorPrices(db).all()), expected),
      ];
    },
  },
];
