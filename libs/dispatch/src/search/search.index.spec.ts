import { ClientFilters } from '@myko/filter';
import type { OperationDescriptor, OperationKind } from '@myko/registry';
import { SearchIndex } from './search.index';
import { camelCaseParts, camelCaseTails, queryWords } from './search.tokenizer';

function op(kind: OperationKind, id: string, description = '', args: string[] = []): OperationDescriptor {
  return {
    name: `${kind}_${id}`,
    kind,
    id,
    description,
    args: args.map((name) => ({ name, tsType: 'string', optional: false })),
    inputSchema: { type: 'object' },
    outputType: 'unknown',
    readOnly: kind !== 'command',
    idempotent: kind !== 'command',
    destructive: false,
    source: 'spec',
  };
}

describe('search tokenizer', () => {
  it('splits camelCase ids, acronyms and digits', () => {
    expect(camelCaseParts('GetOrdersByHTTPStatus2')).toEqual(['get', 'orders', 'by', 'http', 'status', '2']);
    expect(camelCaseParts('list_items')).toEqual(['list', 'items']);
    expect(camelCaseTails(['get', 'orders', 'by'])).toEqual(['ordersby', 'by']);
  });

  it('lowercases and deduplicates query words, splitting on punctuation', () => {
    expect(queryWords('  Order, order-LINES ')).toEqual(['order', 'lines']);
    expect(queryWords(undefined)).toEqual([]);
  });
});

describe('SearchIndex', () => {
  const ops = [
    op('query', 'ListWidgets', 'All widgets'),
    op('query', 'Widget', 'One widget by id', ['widgetId']),
    op('report', 'WidgetSales', 'Sales per widget'),
    op('command', 'PaintWidget', 'Paint a widget', ['colour']),
    op('command', 'Reset', 'Reset the gizmo counters'),
  ];
  const index = new SearchIndex(ops);
  const find = (query: string, kind?: OperationKind) =>
    index.match(queryWords(query), kind, ClientFilters.ALLOW_ALL).map((i) => ops[i].id);

  it('ranks exact id > id prefix > id word > description, ties in index order', () => {
    expect(find('widget')).toEqual(['Widget', 'WidgetSales', 'ListWidgets', 'PaintWidget']);
  });

  it('needs every word', () => {
    expect(find('widget sales')).toEqual(['WidgetSales']);
    expect(find('widget gizmo')).toEqual([]);
  });

  it('matches argument names and prefixes of any token', () => {
    expect(find('colour')).toEqual(['PaintWidget']);
    expect(find('gizm')).toEqual(['Reset']);
    expect(find('widgetid')).toEqual(['Widget']);
  });

  it('lists everything in index order without words, and filters by kind', () => {
    expect(find('')).toEqual(ops.map((o) => o.id));
    expect(find('', 'command')).toEqual(['PaintWidget', 'Reset']);
  });

  it('is reusable: scratch state does not leak between searches', () => {
    expect(find('widget sales')).toEqual(['WidgetSales']);
    expect(find('paint')).toEqual(['PaintWidget']);
    expect(find('widget sales')).toEqual(['WidgetSales']);
  });

  it('pages and counts without ranking the rest, and copes with an empty index', () => {
    expect(index.select(['widget'], undefined, ClientFilters.ALLOW_ALL, 1, 2)).toEqual({ indices: [2, 0], total: 4 });
    expect(index.select(['widget'], undefined, ClientFilters.ALLOW_ALL, 9, 2)).toEqual({ indices: [], total: 4 });
    expect(new SearchIndex([]).select(['widget'], undefined, ClientFilters.ALLOW_ALL, 0, 20)).toEqual({
      indices: [],
      total: 0,
    });
  });

  it('renders a declaration for detail "full"', () => {
    expect(index.detail(1).declaration).toBe("myko.query('Widget', args: { widgetId: string }): Promise<unknown>");
    expect(index.detail(4).declaration).toBe("myko.command('Reset'): Promise<unknown>");
  });
});

describe('SearchIndex against a naive reference', () => {
  const WORDS = ['order', 'orders', 'customer', 'stock', 'item', 'paid', 'open', 'list', 'get', 'count', 'by'];
  const ENTITIES = ['Order', 'Customer', 'Stock', 'Item', 'Invoice'];
  let seed = 42;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const pick = <T>(list: readonly T[]) => list[random(list.length)];
  const kinds: OperationKind[] = ['query', 'view', 'report', 'command'];
  const ops = Array.from({ length: 3000 }, (_, i) => {
    const id = `${pick(['Get', 'List', 'Count', 'Delete'])}${pick(ENTITIES)}${pick(['', 'By', 'ByStatus', 's'])}${i}`;
    const description = Array.from({ length: 1 + random(6) }, () => pick(WORDS)).join(' ');
    return op(pick(kinds), id, description, random(2) ? [pick(['customerId', 'status', 'limit'])] : []);
  });
  const index = new SearchIndex(ops);

  /** Straight from the definition: each word must prefix a token; scores 1000/100/10/1. */
  function reference(words: string[], kind?: OperationKind): number[] {
    const scored: { i: number; score: number }[] = [];
    ops.forEach((o, i) => {
      if (kind && o.kind !== kind) return;
      const id = o.id.toLowerCase();
      const parts = camelCaseParts(o.id);
      const idWords = [...parts, ...camelCaseTails(parts)];
      const text = [
        o.kind,
        ...o.description.split(' '),
        ...o.args.flatMap((a) => [a.name.toLowerCase(), ...camelCaseParts(a.name)]),
      ];
      let total = 0;
      for (const word of words) {
        let best = 0;
        if (id === word) best = 1000;
        else if (id.startsWith(word)) best = 100;
        else if (idWords.some((t) => t.startsWith(word))) best = 10;
        else if (text.some((t) => t.startsWith(word))) best = 1;
        if (best === 0) return;
        total += best;
      }
      scored.push({ i, score: total });
    });
    return scored.sort((a, b) => b.score - a.score || a.i - b.i).map((s) => s.i);
  }

  it('returns exactly the reference ranking for many queries', () => {
    const queries = [
      ['order'],
      ['o'],
      ['c', 'o'],
      ['customer', 'order'],
      ['get', 'by', 'status'],
      ['list', 'paid', 'open', 'item'],
      ['count', 'customerid'],
      [ops[17].id.toLowerCase()],
      [ops[99].id.toLowerCase().slice(0, 6), 'order'],
      ['query'],
      ['zzz'],
    ];
    for (const words of queries) {
      for (const kind of [undefined, 'report' as const]) {
        expect([...index.match(words, kind, ClientFilters.ALLOW_ALL)]).toEqual(reference(words, kind));
      }
    }
  });

  it('pages exactly like slicing the reference, with random words, kinds, filters, offsets and limits', () => {
    const vocabulary = [
      ...WORDS,
      ...ENTITIES.map((e) => e.toLowerCase()),
      'o',
      'c',
      'st',
      'cu',
      'by',
      'bystatus',
      'statuses',
      'customerid',
      'q',
      'view',
      'zzz',
    ];
    const filters = [
      ClientFilters.ALLOW_ALL,
      ClientFilters.from({ visibility: { deny: ['command_*', 'query_Count*'] } }),
      ClientFilters.from({ visibility: { allow: ['*Order*', 'view_*'] } }),
    ];
    const visibleTo = (f: ClientFilters) => (i: number) => f.isVisible(ops[i].name);
    // mulberry32: the LCG above has weak low bits, which would keep drawing the same cases.
    let state = 7;
    const draw = (n: number) => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return (((t ^ (t >>> 14)) >>> 0) % n) as number;
    };
    const choose = <T>(list: readonly T[]) => list[draw(list.length)];
    for (let run = 0; run < 200; run++) {
      const words = [
        ...new Set(
          Array.from({ length: 1 + draw(3) }, () =>
            draw(6) === 0 ? ops[draw(ops.length)].id.toLowerCase().slice(0, 3 + draw(12)) : choose(vocabulary),
          ),
        ),
      ];
      const kind = draw(3) === 0 ? choose(kinds) : undefined;
      const f = choose(filters);
      const offset = draw(4) === 0 ? draw(300) : 0;
      const limit = 1 + draw(40);
      const expected = reference(words, kind).filter(visibleTo(f));
      const page = index.select(words, kind, f, offset, limit);
      expect({ words, kind, offset, limit, ...page }).toEqual({
        words,
        kind,
        offset,
        limit,
        indices: expected.slice(offset, offset + limit),
        total: expected.length,
      });
    }
  });
});
