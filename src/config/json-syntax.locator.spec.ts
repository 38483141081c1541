import { locateJsonSyntaxError } from './json-syntax.locator';

/** The problem JSON.parse(text) raises, located. */
function located(text: string) {
  try {
    JSON.parse(text);
  } catch (error) {
    return locateJsonSyntaxError(text, error);
  }
  throw new Error('valid JSON');
}

describe('locateJsonSyntaxError', () => {
  it('names the line and column of a trailing comma, with the line and a caret under it', () => {
    const text = '{\n  "auth": { "required": false },\n  "profiles": { "a": {} },\n}\n';
    expect(located(text)).toEqual({
      line: 4,
      column: 1,
      reason: 'Expected double-quoted property name (JSON allows no trailing comma)',
      excerpt: '    4 | }\n      | ^',
    });
  });

  it('locates errors V8 reports without a position, and keeps tabs under the caret', () => {
    expect(located('{\n\t"auth": tru }')).toMatchObject({
      line: 2,
      column: 13,
      reason: "Unexpected token ' '",
      excerpt: '    2 | \t"auth": tru }\n      | \t           ^',
    });
    expect(located('// settings\n{}')).toMatchObject({
      line: 1,
      column: 1,
      reason: expect.stringContaining('comments'),
    });
    expect(located("{'a': 1}")).toMatchObject({ line: 1, column: 2, reason: expect.stringContaining('double quotes') });
  });

  it('puts a missing end at the end of the text, and trailing text where it starts', () => {
    expect(located('{\n  "a": 1\n')).toMatchObject({
      line: 3,
      column: 1,
      reason: "Expected ',' or '}' after property value",
    });
    expect(located('{}\n}')).toMatchObject({
      line: 2,
      column: 1,
      reason: 'Unexpected non-whitespace character after JSON',
    });
    expect(located('')).toMatchObject({ line: 1, column: 1 });
  });
});
