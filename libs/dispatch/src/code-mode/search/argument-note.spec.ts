import { argumentNote } from './argument-note';

describe('argumentNote: what an argument description says beyond the name and type', () => {
  it('drops descriptions that only say the name again', () => {
    expect(argumentNote('id', "The Customer's id.")).toBeUndefined();
    expect(argumentNote('ids', 'Product ids to fetch.')).toBeUndefined();
    expect(argumentNote('offset', 'Records to skip.')).toBeUndefined();
    expect(argumentNote('name', 'Person or company name.')).toBeUndefined();
    expect(argumentNote('id', 'The ID.')).toBeUndefined();
    expect(argumentNote('x', undefined)).toBeUndefined();
    expect(argumentNote('x', '')).toBeUndefined();
  });

  it('keeps examples, numbers, units, formats, codes in capitals, quoted values and other names', () => {
    expect(argumentNote('warehouseCode', 'Fulfilling warehouse code, e.g. BER.')).toBe('e.g. BER');
    expect(argumentNote('limit', 'Maximum number of items to return, 1-200. Default 50.')).toBe('1-200');
    expect(argumentNote('minTotalCents', 'Minimum order total, euro cents.')).toBe('euro cents');
    expect(argumentNote('from', 'First day, YYYY-MM-DD (UTC).')).toBe('First day, YYYY-MM-DD (UTC)');
    expect(argumentNote('timeout', 'How long to wait, ms.')).toBe('ms');
    expect(argumentNote('share', 'Share of the total, %.')).toBe('%');
    expect(argumentNote('note', 'Why, recorded on the movement (e.g. "cycle count").')).toBe(
      'recorded on the movement (e.g. "cycle count")',
    );
    expect(argumentNote('category', 'The category name (see query_ListCategories).')).toBe(
      'The category name (see query_ListCategories)',
    );
    expect(argumentNote('offset', 'Items to skip; pass the previous nextOffset. Default 0.')).toBe(
      'pass the previous nextOffset',
    );
  });

  it('keeps guards and constraints, whole statements at a time', () => {
    expect(argumentNote('warehouseCode', 'Guard: the warehouse the order must be fulfilled by.')).toBe(
      'Guard: the warehouse the order must be fulfilled by',
    );
    expect(argumentNote('email', 'Unique email address.')).toBe('Unique email address');
    expect(argumentNote('productId', 'Product id; required unless sku is given.')).toBe('required unless sku is given');
    expect(argumentNote('sku', 'New SKU: 3 capitals, a dash, 3-6 digits, e.g. TOO-009.')).toBe(
      'New SKU: 3 capitals, a dash, 3-6 digits, e.g. TOO-009',
    );
  });

  it('drops a statement that only gives the default, which a call never needs', () => {
    expect(argumentNote('recentOrders', 'Default 5.')).toBeUndefined();
    expect(argumentNote('offset', "Pass the previous page's nextOffset. Default 0.")).toBe(
      "Pass the previous page's nextOffset",
    );
    expect(argumentNote('sort', 'newest (default) or oldest by placedAt')).toBe(
      'newest (default) or oldest by placedAt',
    );
  });
});
