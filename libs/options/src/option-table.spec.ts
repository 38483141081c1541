import { configFileOptions, isWholeAtLeast, type OptionTable, optionDefaults } from './option-table';

const TABLE: OptionTable<'slots' | 'timeoutMs' | 'internal'> = {
  slots: { default: 4, minimum: 1, inConfigFile: true, doc: 'Slots.' },
  timeoutMs: { default: 0, minimum: 0, inConfigFile: true, doc: 'Timeout; 0: none.' },
  internal: { default: 7, minimum: 2, doc: 'Module option only.' },
};

describe('option tables', () => {
  it('derive the default of every option', () => {
    expect(optionDefaults(TABLE)).toEqual({ slots: 4, timeoutMs: 0, internal: 7 });
  });

  it('list the options of the config file in table order', () => {
    expect(configFileOptions(TABLE)).toEqual(['slots', 'timeoutMs']);
  });

  it.each([
    [1, 1, true],
    [0, 1, false],
    [1.5, 1, false],
    [Number.NaN, 0, false],
    [2 ** 53, 0, false],
    ['3', 0, false],
    [undefined, 0, false],
  ])('accept %p at minimum %p: %p', (value, minimum, accepted) => {
    expect(isWholeAtLeast(value, minimum)).toBe(accepted);
  });
});
