/** Static reference data of the example domain. Prices are euro cents. */

export interface CatalogCategory {
  name: string;
  skuPrefix: string;
  products: ReadonlyArray<readonly [name: string, unitPriceCents: number]>;
}

export const CATALOG: readonly CatalogCategory[] = [
  {
    name: 'Electronics',
    skuPrefix: 'ELE',
    products: [
      ['USB-C Charger 65W', 3499],
      ['Wireless Mouse', 2499],
      ['Mechanical Keyboard', 8999],
      ['27-inch 4K Monitor', 32999],
      ['Noise-Cancelling Headphones', 19999],
      ['Webcam 1080p', 5999],
      ['Portable SSD 1TB', 10999],
      ['Bluetooth Speaker', 4999],
    ],
  },
  {
    name: 'Office Supplies',
    skuPrefix: 'OFF',
    products: [
      ['A4 Copy Paper (500 sheets)', 599],
      ['Gel Pens (12-pack)', 899],
      ['Spiral Notebook A5', 349],
      ['Heavy-Duty Stapler', 1299],
      ['Desk Organizer', 1999],
      ['Sticky Notes (12-pack)', 749],
      ['Whiteboard Markers (8-pack)', 1099],
      ['Cross-Cut Paper Shredder', 8999],
    ],
  },
  {
    name: 'Furniture',
    skuPrefix: 'FUR',
    products: [
      ['Ergonomic Office Chair', 29999],
      ['Electric Standing Desk', 49999],
      ['Five-Tier Bookshelf', 12999],
      ['Three-Drawer Filing Cabinet', 15999],
      ['Gas-Spring Monitor Arm', 6999],
      ['Adjustable Footrest', 3999],
      ['Conference Table (8 seats)', 89999],
      ['LED Desk Lamp', 3499],
    ],
  },
  {
    name: 'Kitchen',
    skuPrefix: 'KIT',
    products: [
      ['Espresso Machine', 39999],
      ['Electric Kettle 1.7L', 3999],
      ['Coffee Beans 1kg', 2499],
      ['Ceramic Mug Set (6)', 2999],
      ['Water Filter Jug', 2799],
      ['High-Speed Blender', 7999],
      ["Chef's Knife 20cm", 5999],
      ['Bamboo Cutting Board', 1999],
    ],
  },
  {
    name: 'Outdoor',
    skuPrefix: 'OUT',
    products: [
      ['Two-Person Tent', 14999],
      ['Down Sleeping Bag', 7999],
      ['Hiking Backpack 40L', 9999],
      ['Trekking Poles (pair)', 4999],
      ['Rechargeable Headlamp', 2999],
      ['Insulated Bottle 750ml', 2499],
      ['Compact Camping Stove', 5999],
      ['Folding Camp Chair', 3499],
    ],
  },
  {
    name: 'Tools',
    skuPrefix: 'TOO',
    products: [
      ['Cordless Drill 18V', 12999],
      ['Precision Screwdriver Set', 2999],
      ['Tape Measure 5m', 1299],
      ['Socket Wrench Set', 6999],
      ['Work Gloves', 1499],
      ['Stud Finder', 3999],
      ['Cross-Line Laser Level', 8999],
      ['Steel Toolbox', 4499],
    ],
  },
];

/** SKUs seeded as inactive (discontinued): they keep their history but cannot be ordered. */
export const INACTIVE_SKUS: readonly string[] = ['ELE-006', 'OFF-008', 'FUR-007'];

export const WAREHOUSES: ReadonlyArray<{ code: string; name: string; city: string }> = [
  { code: 'AMS', name: 'Amsterdam Fulfilment Centre', city: 'Amsterdam' },
  { code: 'BER', name: 'Berlin Distribution Hub', city: 'Berlin' },
  { code: 'MAD', name: 'Madrid Logistics Park', city: 'Madrid' },
  { code: 'WAW', name: 'Warsaw East Depot', city: 'Warsaw' },
];

/** Customer cities with the warehouse that normally serves them. */
export const CITIES: ReadonlyArray<{ city: string; warehouse: string }> = [
  { city: 'Amsterdam', warehouse: 'AMS' },
  { city: 'Rotterdam', warehouse: 'AMS' },
  { city: 'Brussels', warehouse: 'AMS' },
  { city: 'Paris', warehouse: 'AMS' },
  { city: 'Berlin', warehouse: 'BER' },
  { city: 'Hamburg', warehouse: 'BER' },
  { city: 'Munich', warehouse: 'BER' },
  { city: 'Vienna', warehouse: 'BER' },
  { city: 'Madrid', warehouse: 'MAD' },
  { city: 'Barcelona', warehouse: 'MAD' },
  { city: 'Lisbon', warehouse: 'MAD' },
  { city: 'Warsaw', warehouse: 'WAW' },
  { city: 'Krakow', warehouse: 'WAW' },
  { city: 'Prague', warehouse: 'WAW' },
];

export const FIRST_NAMES: readonly string[] = [
  'Anna',
  'Bram',
  'Carla',
  'Dawid',
  'Elena',
  'Felix',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
  'Katarzyna',
  'Lars',
  'Marta',
  'Noah',
  'Olivia',
  'Pablo',
  'Quentin',
  'Rosa',
  'Sven',
  'Tomasz',
  'Ursula',
  'Victor',
  'Wiebke',
  'Yara',
];

export const LAST_NAMES: readonly string[] = [
  'Bakker',
  'Schmidt',
  'Garcia',
  'Nowak',
  'Dubois',
  'Jansen',
  'Weber',
  'Lopez',
  'Kowalski',
  'Martin',
  'de Vries',
  'Fischer',
  'Fernandez',
  'Wojcik',
  'Bernard',
  'Visser',
  'Wagner',
  'Santos',
  'Lewandowski',
  'Moreau',
];

export const COMPANY_SUFFIXES: readonly string[] = ['GmbH', 'B.V.', 'S.L.', 'Sp. z o.o.', 'SARL', 'Group'];

export const SEGMENTS = ['consumer', 'smb', 'enterprise'] as const;
export const SEGMENT_WEIGHTS: readonly number[] = [0.55, 0.3, 0.15];
