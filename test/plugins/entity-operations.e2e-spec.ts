import { PluginsTestApp } from './plugins-test-app';

/** The example domain's entities: generated operations over the real SQLite tables. */
describe('example plugins: entity operations (Customer, Product)', () => {
  let app: PluginsTestApp;

  beforeAll(async () => {
    app = await PluginsTestApp.start();
  });

  afterAll(() => app.close());

  it("generates each entity's operations, switching product deletes off", () => {
    const names = app.registry
      .list()
      .filter((o) => o.source.includes('(entity '))
      .map((o) => o.name);
    expect(names.filter((n) => n.includes('Customer'))).toEqual([
      'query_CountAllCustomers',
      'query_CountCustomers',
      'query_GetAllCustomers',
      'query_GetCustomerById',
      'query_GetCustomersByIds',
      'query_GetCustomersByQuery',
      'command_DeleteCustomer',
      'command_DeleteCustomers',
      'command_SetCustomerCity',
      'command_SetCustomerSegment',
    ]);
    expect(names.filter((n) => n.includes('Product'))).toEqual([
      'query_CountAllProducts',
      'query_CountProducts',
      'query_GetAllProducts',
      'query_GetProductById',
      'query_GetProductsByIds',
      'query_GetProductsByQuery',
      'command_SetProductCategory',
      'command_SetProductName',
    ]);
    expect(app.registry.get('command_DeleteCustomer')).toMatchObject({ destructive: true, writes: ['Customer'] });
    expect(app.registry.get('query_GetProductsByQuery')).toMatchObject({ outputType: 'Product[]', watchable: true });
  });

  it('counts and pages agree with the table', async () => {
    const total = app.db.prepare('SELECT COUNT(*) AS n FROM customers').get() as { n: number };
    await expect(app.call('query_CountAllCustomers')).resolves.toBe(total.n);
    const pages: Array<{ id: number }[]> = [];
    for (let offset = 0; offset < total.n; offset += 7) {
      pages.push((await app.call('query_GetAllCustomers', { limit: 7, offset })) as { id: number }[]);
    }
    const ids = pages.flat().map((c) => c.id);
    expect(ids).toHaveLength(total.n);
    expect(new Set(ids).size).toBe(total.n);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const electronics = app.db
      .prepare("SELECT COUNT(*) AS n FROM products WHERE category = 'Electronics' COLLATE NOCASE")
      .get() as { n: number };
    await expect(app.call('query_CountProducts', { category: 'electronics' })).resolves.toBe(electronics.n);
    const active = (await app.call('query_GetProductsByQuery', { active: true, limit: 500 })) as { active: boolean }[];
    expect(active.every((p) => p.active === true)).toBe(true);
  });

  it('keeps the order of ids asked for and skips unknown ones', async () => {
    const found = (await app.call('query_GetCustomersByIds', { ids: [5, 99_999, 2] })) as { id: number }[];
    expect(found.map((c) => c.id)).toEqual([5, 2]);
  });

  it('validates setters with the entity field rules and writes only valid values', async () => {
    const before = app.digest();
    const bad = await app.failure('command_SetCustomerSegment', { id: 1, value: 'vip' });
    expect(bad.message).toMatch(/value/);
    const short = await app.failure('command_SetProductName', { id: 1, value: 'x' });
    expect(short.message).toMatch(/value/);
    expect(app.digest()).toBe(before);
    await expect(app.call('command_SetCustomerSegment', { id: 1, value: 'enterprise' })).resolves.toMatchObject({
      id: 1,
      segment: 'enterprise',
    });
    expect(app.db.prepare('SELECT segment FROM customers WHERE id = 1').get()).toEqual({ segment: 'enterprise' });
  });

  it('refuses to delete a customer that orders refer to, and deletes one that none do', async () => {
    const before = app.digest();
    const conflict = await app.failure('command_DeleteCustomer', { id: 1 });
    expect(conflict.code).toBe('conflict');
    const batch = await app.failure('command_DeleteCustomers', { ids: [1, 2] });
    expect(batch.code).toBe('conflict');
    expect(app.digest()).toBe(before);
    const created = (await app.call('command_CreateCustomer', {
      name: 'Nobody Yet',
      email: 'nobody.yet@example.com',
      segment: 'smb',
      city: 'Berlin',
    })) as { id: number };
    await expect(app.call('command_DeleteCustomer', { id: created.id })).resolves.toEqual({ deleted: true });
    await expect(app.call('command_DeleteCustomer', { id: created.id })).resolves.toEqual({ deleted: false });
    const missing = await app.failure('query_GetCustomerById', { id: created.id });
    expect(missing.code).toBe('not_found');
  });
});
