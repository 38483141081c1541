import { checkOptions } from './decorator-options.checker';
import { OptionRules, optionalOption, requiredOption } from './option-rules';
import type { OptionTable } from './option-table.interface';

interface Group {
  on?: boolean;
  label?: string;
}

interface Options {
  description: string;
  title?: string;
  tags?: readonly string[];
  args?: new () => object;
  group?: Group;
  hooks?: Record<string, () => void>;
  items?: Group[];
}

const { text, string, boolean, strings, objectOf, recordOf, arrayOf } = OptionRules;
const GROUP: OptionTable<Group> = { on: optionalOption(boolean), label: optionalOption(text) };
const TABLE: OptionTable<Options> = {
  description: requiredOption(text),
  title: optionalOption(string),
  tags: optionalOption(strings),
  args: optionalOption(OptionRules.class),
  group: optionalOption(objectOf(GROUP)),
  hooks: optionalOption(recordOf(OptionRules.function)),
  items: optionalOption(arrayOf(objectOf(GROUP))),
};

class Dto {}

describe('checkOptions', () => {
  it('accepts every key with a value of its type, and absent optional keys', () => {
    const full = {
      description: 'Orders of a customer',
      title: '',
      tags: ['a', 'b'],
      args: Dto,
      group: { on: true, label: 'x' },
      hooks: { before: () => undefined },
      items: [{ on: false }, {}],
    };
    expect(checkOptions(full, TABLE)).toEqual([]);
    expect(checkOptions({ description: 'd', title: undefined }, TABLE)).toEqual([]);
  });

  it('names the closest known key of an unknown one, and lists the keys when none is close', () => {
    expect(checkOptions({ description: 'd', tag: ['x'], colour: 'red' }, TABLE)).toEqual([
      'unknown option `tag`: did you mean `tags`?',
      'unknown option `colour` (known: `description`, `title`, `tags`, `args`, `group`, `hooks`, `items`)',
    ]);
  });

  it('says a misspelt required key once, as the misspelling', () => {
    expect(checkOptions({ descripton: 'd' }, TABLE)).toEqual([
      'unknown option `descripton`: did you mean `description`?',
    ]);
    expect(checkOptions({ title: 't' }, TABLE)).toEqual(['`description` is required']);
  });

  it('refuses an empty or blank required text, and a blank optional one', () => {
    expect(checkOptions({ description: ' \n\t' }, TABLE)).toEqual(['`description` must not be empty']);
    expect(checkOptions({ description: 'd', group: { label: '' } }, TABLE)).toEqual([
      '`group.label` must not be empty',
    ]);
  });

  it('names the expected type and the one given', () => {
    expect(
      checkOptions({ description: 42, title: null, tags: 'birds', args: () => Dto, group: [true] }, TABLE),
    ).toEqual([
      '`description` must be a non-empty string, got number',
      '`title` must be a string, got null',
      '`tags` must be an array of strings, got string',
      '`args` must be a class, got a function (not a class)',
      '`group` must be an object, got an array',
    ]);
  });

  it('names the item of a list and the key of a nested object that is wrong', () => {
    const options = {
      description: 'd',
      tags: ['ok', 7],
      group: { on: 'yes', lable: 'x' },
      hooks: { before: 'later' },
      items: [{}, { of: true }],
    };
    expect(checkOptions(options, TABLE)).toEqual([
      '`tags[1]` must be a string, got number',
      'unknown option `group.lable`: did you mean `group.label`?',
      '`group.on` must be a boolean, got string',
      '`hooks.before` must be a function, got string',
      'unknown option `items[1].of`: did you mean `items[1].on`?',
    ]);
  });

  it('refuses options that are not an object', () => {
    expect(checkOptions(undefined, TABLE)).toEqual(['the options must be an object, got undefined']);
    expect(checkOptions('Orders', TABLE)).toEqual(['the options must be an object, got string']);
  });

  it('ties a table to its options interface at compile time', () => {
    // @ts-expect-error a key of the interface without a row
    const missingRow: OptionTable<Group> = { on: optionalOption(boolean) };
    // @ts-expect-error a required key with an optional row
    const looseRow: OptionTable<Options> = { ...TABLE, description: optionalOption(text) };
    // @ts-expect-error a row for a key the interface does not have
    const extraRow: OptionTable<Group> = { ...GROUP, off: optionalOption(boolean) };
    expect([missingRow, looseRow, extraRow]).toHaveLength(3);
  });
});
