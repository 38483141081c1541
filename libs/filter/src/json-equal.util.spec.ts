import { jsonEqual } from './json-equal.util';

describe('jsonEqual', () => {
  it.each([
    [1, 1.0, true],
    [0, -0, true],
    ['1', 1, false],
    [null, null, true],
    [null, {}, false],
    [true, 1, false],
    [[1, 2], [1, 2], true],
    [[1, 2], [2, 1], false],
    [[], {}, false],
    [{ a: 1, b: { c: [1] } }, { b: { c: [1] }, a: 1 }, true],
    [{ a: 1 }, { a: 1, b: 2 }, false],
    [{ a: 1, b: undefined }, { a: 1 }, true],
    [{ a: undefined }, { b: undefined }, true],
  ])('%j vs %j → %s', (a, b, expected) => {
    expect(jsonEqual(a, b)).toBe(expected);
    expect(jsonEqual(b, a)).toBe(expected);
  });
});
