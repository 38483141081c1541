import { closestName, editDistance } from './closest-name.util';

const KEYS = ['id', 'description', 'args', 'output', 'keywords', 'reads', 'resource'];

describe('closestName', () => {
  it.each([
    ['descripton', 'description'],
    ['Description', 'description'],
    ['keyword', 'keywords'],
    ['ouptut', 'output'],
    ['arg', 'args'],
  ])('takes %s for %s', (word, meant) => {
    expect(closestName(word, KEYS)).toBe(meant);
  });

  it('suggests nothing for a word unlike every candidate', () => {
    expect(closestName('idempotent', KEYS)).toBeUndefined();
    expect(closestName('writes', KEYS)).toBeUndefined();
  });

  it('prefers the nearer candidate, then the earlier one', () => {
    expect(closestName('reed', ['read', 'reeds'])).toBe('read');
    expect(closestName('ab', ['ac', 'bb'])).toBe('ac');
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });
});
