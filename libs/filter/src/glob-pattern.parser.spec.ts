import { FilterParseError } from './errors/filter-parse.error';
import { FILTER_LIMITS } from './filter.constants';
import { compilePattern, parsePatternList, splitPatterns } from './glob-pattern.parser';

const SOURCE = 'X-Myko-Tool-Visibility-Allow';

function parseError(fn: () => unknown): FilterParseError {
  try {
    fn();
  } catch (error) {
    if (error instanceof FilterParseError) return error;
    throw error;
  }
  throw new Error('expected a FilterParseError');
}

describe('splitPatterns', () => {
  it('splits on commas, trims items and drops empty ones', () => {
    expect(splitPatterns(' query_* ,, view_GetX ,\t, ')).toEqual(['query_*', 'view_GetX']);
  });

  it('keeps commas inside braces and brackets', () => {
    expect(splitPatterns('query_{GetOrder,GetOrders}, view_[,a]*')).toEqual([
      'query_{GetOrder,GetOrders}',
      'view_[,a]*',
    ]);
  });
});

describe('compilePattern', () => {
  const matches = (pattern: string, name: string) => compilePattern(pattern, SOURCE).matches(name);

  it('matches exact names, prefixes, suffixes, middle wildcards and braces, case-sensitively', () => {
    expect(matches('query_GetOrders', 'query_GetOrders')).toBe(true);
    expect(matches('query_GetOrders', 'query_GetOrdersX')).toBe(false);
    expect(matches('query_*', 'query_GetOrders')).toBe(true);
    expect(matches('*_GetOrders', 'view_GetOrders')).toBe(true);
    expect(matches('query_Get*Orders', 'query_GetAllOrders')).toBe(true);
    expect(matches('query_Get*Orders', 'query_GetAllOrder')).toBe(false);
    expect(matches('command_{Cancel,Place}Order', 'command_PlaceOrder')).toBe(true);
    expect(matches('command_{Cancel,Place}Order', 'command_DeleteOrder')).toBe(false);
    expect(matches('query_Get?rders', 'query_GetOrders')).toBe(true);
    expect(matches('query_*', 'Query_GetOrders')).toBe(false);
  });

  it('reads the first colon of a pattern as an underscore', () => {
    expect(matches('query:Get*', 'query_GetOrders')).toBe(true);
  });

  it.each([
    ['query_{Get,List', 'Missing closing'],
    ['query_[a', 'Missing closing'],
    ['query_a]', 'Missing opening'],
    ['!query_*', 'negation is not supported'],
    ['query_@(Get|List)', 'extglob'],
    ['query_+(a)', 'extglob'],
    ['query_Get Orders', 'can never match'],
    ['query/Get*', 'can never match'],
    ['query:Get:Orders', 'can never match'],
    ['*a*b*c*', 'more than 3 wildcards'],
    ['{a,b}{c,d}{e,f}*', 'more than 3 wildcards'],
  ])('rejects %s', (pattern, problem) => {
    const error = parseError(() => compilePattern(pattern, SOURCE));
    expect(error.source).toBe(SOURCE);
    expect(error.message).toContain(problem);
    expect(error.message.startsWith(`${SOURCE}: `)).toBe(true);
  });

  it.each(['*a*a*b', `*{${Array.from({ length: 12 }, (_, i) => 'a'.repeat(i + 1)).join(',')}}*b`])(
    'keeps a worst-case pattern within the limits fast against a hostile name: %s',
    (glob) => {
      const pattern = compilePattern(glob, SOURCE);
      const name = 'a'.repeat(FILTER_LIMITS.maxNameLength);
      const started = process.hrtime.bigint();
      for (let i = 0; i < 10; i++) pattern.matches(name);
      expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(500);
    },
  );
});

describe('parsePatternList', () => {
  it('accepts a comma string or an array of (comma) strings; undefined is empty', () => {
    expect(parsePatternList(undefined, SOURCE)).toEqual([]);
    expect(parsePatternList('  ,  ', SOURCE)).toEqual([]);
    expect(parsePatternList('a_*, b_*', SOURCE).map((p) => p.pattern)).toEqual(['a_*', 'b_*']);
    expect(parsePatternList(['a_*', 'b_x, c_y'], SOURCE).map((p) => p.pattern)).toEqual(['a_*', 'b_x', 'c_y']);
  });

  it('names the array item that is wrong', () => {
    expect(parseError(() => parsePatternList(['a_*', 3], 'profiles.x.visibility.allow')).source).toBe(
      'profiles.x.visibility.allow[1]',
    );
    expect(parseError(() => parsePatternList(['a_*', 'b_{'], 'p.allow')).source).toBe('p.allow[1]');
    expect(parseError(() => parsePatternList({}, 'p.allow')).message).toBe('p.allow: expected a list of glob patterns');
  });

  it('refuses more than 100 patterns and patterns over 256 characters', () => {
    const many = Array.from({ length: 101 }, (_, i) => `query_Op${i}`).join(',');
    expect(parseError(() => parsePatternList(many, SOURCE)).message).toContain('more than 100 patterns');
    expect(parsePatternList(many.split(',').slice(0, 100).join(','), SOURCE)).toHaveLength(100);
    expect(parseError(() => parsePatternList(`query_${'x'.repeat(251)}`, SOURCE)).message).toContain(
      'longer than 256 characters',
    );
  });
});

describe('malformed patterns (stray or unbalanced braces, parts that can never match)', () => {
  it.each([
    ['command_*}', "'}' at 10 closes no '{'"],
    ['query_{Get}', 'offers no choice'],
    ['query_{}', 'offers no choice'],
    ['query_a.b', 'can never match'],
    ['query_a-b', 'can never match'],
    ['query_x,y}', 'can never match'],
  ])('refuses %j', (pattern, message) => {
    expect(() => compilePattern(pattern, SOURCE)).toThrow(message);
  });

  it('a stray brace does not swallow the next item of a list: the list is refused', () => {
    expect(splitPatterns('query_Nothing},command_*')).toEqual(['query_Nothing}', 'command_*']);
    expect(() => parsePatternList('query_Nothing},command_*', SOURCE)).toThrow("closes no '{'");
  });

  it('still accepts the glob syntax names can match', () => {
    for (const pattern of ['query_{a,b}*', 'q_{a..c}', 'q_[a-c]x', 'q_[^a]', 'q_{a,{b,c}}', 'command_*']) {
      expect(() => compilePattern(pattern, SOURCE)).not.toThrow();
    }
  });
});
