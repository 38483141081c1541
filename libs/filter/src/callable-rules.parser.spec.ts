import { parseCallableRules } from './callable-rules.parser';
import { FilterParseError } from './errors/filter-parse.error';

const SOURCE = 'X-Myko-Tool-Callable-Deny';

function problem(input: unknown): string {
  try {
    parseCallableRules(input, SOURCE);
  } catch (error) {
    expect(error).toBeInstanceOf(FilterParseError);
    expect((error as FilterParseError).source).toBe(SOURCE);
    return (error as Error).message;
  }
  throw new Error('expected a FilterParseError');
}

describe('parseCallableRules', () => {
  it('reads empty input as no rules', () => {
    expect(parseCallableRules(undefined, SOURCE)).toEqual([]);
    expect(parseCallableRules('  ', SOURCE)).toEqual([]);
    expect(parseCallableRules('{}', SOURCE)).toEqual([]);
  });

  it.each([
    ['{"command_X": ', 'X-Myko-Tool-Callable-Deny: not valid JSON'],
    ['{"a_b":{"w":["x"]}}, {"a_b":{"w":["y"]}}', 'not valid JSON'],
    ['null', 'expected a JSON object {"<tool>": {"<argument>": [<values>]}}, got null'],
    ['[]', 'got an array'],
    ['"command_X"', 'got a string'],
    ['{"command_X": ["US-1"]}', 'at "command_X": expected an object of argument lists, got an array'],
    ['{"command_X": {"warehouse": "US-1"}}', 'at "command_X"."warehouse": expected an array of values, got a string'],
    ['{"command_X": {"": [1]}}', 'empty argument name'],
    ['{"command X": {"w": [1]}}', 'is not a valid tool name'],
    ['{"": {"w": [1]}}', 'is not a valid tool name'],
    ['{"command_{X": {"w": [1]}}', 'is not a valid glob'],
    ['{"command:X": {"w": [1]}, "command_X": {"w": [2]}}', 'is listed twice'],
  ])('refuses %s', (text, expected) => {
    expect(problem(text)).toContain(expected);
  });

  it('refuses input over 64 KiB', () => {
    const big = JSON.stringify({ command_X: { w: ['x'.repeat(64 * 1024)] } });
    expect(problem(big)).toContain('larger than 65536 bytes');
  });

  it('refuses values nested too deeply or not JSON (config objects)', () => {
    const deep = `{"command_X":{"w":[${'['.repeat(40)}${']'.repeat(40)}]}}`;
    expect(problem(deep)).toContain('nested deeper than 32 levels');
    expect(problem({ command_X: { w: [() => 1] } })).toContain('a value is a function, not a JSON value');
    expect(problem({ command_X: { w: [Number.NaN] } })).toContain('not a finite number');
  });

  it('reads keys as exact names or globs, normalizing the first colon', () => {
    const rules = parseCallableRules('{"command:X": {"w": [1]}, "query_*": {"l": [1, 2]}}', SOURCE);
    expect(rules.map((r) => [r.key, r.name, Boolean(r.glob)])).toEqual([
      ['command:X', 'command_X', false],
      ['query_*', 'query_*', true],
    ]);
  });
});
