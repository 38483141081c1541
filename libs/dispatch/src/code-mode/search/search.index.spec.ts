import { ClientFilters } from '@myko/filter';
import type { OperationDescriptor, OperationKind } from '@myko/registry';
import { queryKey, queryTerms } from './search.analyzer';
import { EXACT_ID, SearchIndex, WORD_MATCH } from './search.index';
import { camelCaseParts } from './search.tokenizer';

function op(
  kind: OperationKind,
  id: string,
  description = '',
  args: string[] = [],
  keywords?: string[],
): OperationDescriptor {
  return {
    name: `${kind}_${id}`,
    kind,
    id,
    description,
    ...(keywords ? { keywords } : {}),
    args: args.map((name) => ({ name, tsType: 'string', optional: false })),
    inputSchema: { type: 'object' },
    outputType: 'unknown',
    readOnly: kind !== 'command',
    idempotent: kind !== 'command',
    destructive: false,
    source: 'spec',
  };
}

describe('search tokenizer and analyzer', () => {
  it('splits camelCase ids, acronyms and digits', () => {
    expect(camelCaseParts('GetOrdersByHTTPStatus2')).toEqual(['get', 'orders', 'by', 'http', 'status', '2']);
    expect(camelCaseParts('list_items')).toEqual(['list', 'items']);
  });

  it('stems, drops stop words, splits camelCase and deduplicates query words', () => {
    expect(queryTerms('  the Orders of an order-LINES ').map((t) => t.stem)).toEqual(['order', 'line']);
    expect(queryTerms('cancelling LowStock').map((t) => t.stem)).toEqual(['cancel', 'low', 'stock']);
    expect(queryTerms(undefined)).toEqual([]);
    expect(queryKey('  report_LowStock ')).toBe('report_lowstock');
  });
});

describe('SearchIndex', () => {
  const ops = [
    op('query', 'ListWidgets', 'All widgets, newest first'),
    op('query', 'Widget', 'One widget by id', ['widgetId']),
    op('report', 'WidgetSales', 'Sales per widget and day'),
    op('command', 'PaintWidget', 'Paint a widget', ['colour']),
    op('command', 'Reset', 'Reset the gizmo counters', [], ['factory defaults', 'wipe']),
    op('view', 'Warehouse', 'Stock of one warehouse'),
  ];
  const index = new SearchIndex(ops);
  const find = (query: string, kind?: OperationKind, filters = ClientFilters.ALLOW_ALL) =>
    index
      .select({ terms: queryTerms(query), key: queryKey(query) }, kind, filters, 0, 100)
      .indices.map((i) => ops[i].id);

  it('puts the exact id first, then ranks by BM25 over weighted fields', () => {
    expect(find('widget')[0]).toBe('Widget');
    expect(find('Widget Sales')[0]).toBe('WidgetSales');
    expect(find('report_WidgetSales')[0]).toBe('WidgetSales');
    expect(find('widgetsales')).toEqual(['WidgetSales']);
  });

  it('matches any word, ranking operations that match more words first', () => {
    const found = find('paint widget colour');
    expect(found[0]).toBe('PaintWidget');
    expect(found).toEqual(expect.arrayContaining(['ListWidgets', 'Widget', 'WidgetSales']));
    expect(find('widget gizmo')).toEqual(expect.arrayContaining(['Reset', 'Widget']));
    expect(find('day sales')[0]).toBe('WidgetSales');
  });

  it('stems (painting → paint), ignores stop words, and matches prefixes of 3+ letters', () => {
    expect(find('painting')).toEqual(['PaintWidget']);
    expect(find('the of a')).toEqual(ops.map((o) => o.id));
    expect(find('gizm')).toEqual(['Reset']);
    expect(find('gi')).toEqual([]);
  });

  it('tolerates one typo in words of 5+ letters, none in shorter ones', () => {
    expect(find('wharehouse')).toEqual(['Warehouse']);
    expect(find('widgte')[0]).toBe('Widget');
    expect(find('gizmp')).toEqual(['Reset']);
    expect(find('stok')).toEqual([]);
  });

  it('searches plugin keywords', () => {
    expect(find('wipe')).toEqual(['Reset']);
    expect(find('factory default')).toEqual(['Reset']);
  });

  it('filters by kind and visibility, and never counts hidden operations', () => {
    expect(find('widget', 'command')).toEqual(['PaintWidget']);
    const filters = ClientFilters.from({ visibility: { deny: ['query_*'] } });
    const page = index.select({ terms: queryTerms('widget'), key: 'widget' }, undefined, filters, 0, 20);
    expect(page.indices.map((i) => ops[i].id).sort()).toEqual(['PaintWidget', 'WidgetSales']);
    expect(page.total).toBe(2);
  });

  it('lists everything visible in index order without words', () => {
    expect(find('')).toEqual(ops.map((o) => o.id));
    expect(find('', 'command')).toEqual(['PaintWidget', 'Reset']);
  });

  it('pages and counts without ranking the rest, and copes with an empty index', () => {
    const all = find('widget');
    const query = { terms: queryTerms('widget'), key: 'widget' };
    expect(index.select(query, undefined, ClientFilters.ALLOW_ALL, 1, 2)).toMatchObject({
      indices: all.slice(1, 3).map((id) => ops.findIndex((o) => o.id === id)),
      total: all.length,
    });
    expect(index.select(query, undefined, ClientFilters.ALLOW_ALL, 9, 2)).toMatchObject({
      indices: [],
      scores: [],
      total: all.length,
    });
    expect(new SearchIndex([]).select(query, undefined, ClientFilters.ALLOW_ALL, 0, 20)).toMatchObject({
      indices: [],
      scores: [],
      total: 0,
    });
  });

  it('gives each entry its score and how well it matched the words (typos count less)', () => {
    const query = { terms: queryTerms('paint widgt'), key: '' };
    const { indices, scores, variants } = index.select(query, undefined, ClientFilters.ALLOW_ALL, 0, 20);
    const coverage = indices.map((op) => index.coverage(op, variants));
    expect(ops[indices[0]].id).toBe('PaintWidget');
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(coverage[0]).toBeGreaterThan(1);
    expect(coverage[0]).toBeLessThan(2);
    expect(coverage.slice(1).every((c) => c > 0 && c < 1)).toBe(true);
    for (let k = 0; k < indices.length; k++) expect(scores[k]).toBeGreaterThan(WORD_MATCH * coverage[k]);
    expect(
      index.coverage(
        ops.findIndex((o) => o.id === 'Reset'),
        variants,
      ),
    ).toBe(0);
    const exact = index.select({ terms: queryTerms('Reset'), key: 'reset' }, undefined, ClientFilters.ALLOW_ALL, 0, 1);
    expect(exact.scores[0]).toBeGreaterThan(EXACT_ID);
  });

  it('renders a declaration for detail "full"', () => {
    expect(index.entries.detail(1).declaration).toBe(
      "myko.query('Widget', args: { widgetId: string }): Promise<unknown>",
    );
    expect(index.entries.detail(4).declaration).toBe("myko.command('Reset'): Promise<unknown>");
  });
});

describe('SearchIndex over many operations', () => {
  const WORDS = ['order', 'orders', 'customer', 'stock', 'item', 'paid', 'open', 'list', 'get', 'count', 'status'];
  const ENTITIES = ['Order', 'Customer', 'Stock', 'Item', 'Invoice'];
  const kinds: OperationKind[] = ['query', 'view', 'report', 'command'];
  // mulberry32: a small seeded generator, so a failure reproduces.
  let state = 7;
  const draw = (n: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
  const choose = <T>(list: readonly T[]) => list[draw(list.length)];
  const ops = Array.from({ length: 3000 }, (_, i) => {
    const id = `${choose(['Get', 'List', 'Count', 'Delete'])}${choose(ENTITIES)}${choose(['', 'ByStatus', 's'])}${i}`;
    const description = Array.from({ length: 1 + draw(6) }, () => choose(WORDS)).join(' ');
    return op(choose(kinds), id, description, draw(2) ? ['customerId'] : []);
  });
  const index = new SearchIndex(ops);
  const filters = [
    ClientFilters.ALLOW_ALL,
    ClientFilters.from({ visibility: { deny: ['command_*', 'query_Count*'] } }),
    ClientFilters.from({ visibility: { allow: ['*Order*', 'view_*'] } }),
  ];

  it('pages exactly like slicing the whole ranking, with random words, kinds, filters, offsets and limits', () => {
    for (let run = 0; run < 200; run++) {
      const text = Array.from({ length: 1 + draw(3) }, () => choose([...WORDS, 'invoic', 'zzz', 'custmer'])).join(' ');
      const query = { terms: queryTerms(text), key: queryKey(text) };
      const kind = draw(3) === 0 ? choose(kinds) : undefined;
      const f = choose(filters);
      const whole = index.select(query, kind, f, 0, ops.length);
      expect(whole.indices.length).toBe(whole.total);
      expect(whole.indices.every((i) => f.isVisible(ops[i].name) && (!kind || ops[i].kind === kind))).toBe(true);
      const offset = draw(4) === 0 ? draw(300) : 0;
      const limit = 1 + draw(40);
      expect(index.select(query, kind, f, offset, limit)).toEqual({
        indices: whole.indices.slice(offset, offset + limit),
        scores: whole.scores.slice(offset, offset + limit),
        total: whole.total,
        variants: whole.variants,
      });
    }
  });

  it('matches exactly the visible operations holding a query word', () => {
    const holds = (o: OperationDescriptor) => `${o.id} ${o.description}`.toLowerCase().includes('invoice');
    const expected = ops.filter(holds).length;
    expect(
      index.select({ terms: queryTerms('invoices'), key: '' }, undefined, ClientFilters.ALLOW_ALL, 0, 5).total,
    ).toBe(expected);
  });
});
