import { InvalidArgumentsError } from '@myko/registry';
import { RawSchemaValidator } from './raw-schema.validator';

const schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: { address: { type: 'object', properties: { city: { type: 'string' } } } },
  properties: {
    name: { type: 'string' },
    count: { type: 'integer' },
    mode: { enum: ['fast', 'safe'] },
    note: { type: ['string', 'null'] },
    address: { $ref: '#/$defs/address' },
  },
  required: ['name'],
  additionalProperties: false,
};

describe('RawSchemaValidator', () => {
  const validator = new RawSchemaValidator('json_tool', schema);

  it('accepts arguments that fit and returns them unchanged', async () => {
    const args = { name: 'a', count: 2, mode: 'safe', note: null, address: { city: 'Lyon' } };
    await expect(validator.validate(args)).resolves.toBe(args);
  });

  it('lists every problem: missing, unknown, wrong type, outside the enum', async () => {
    const error = await validator.validate({ count: 1.5, mode: 'slow', extra: 1 }).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidArgumentsError);
    expect(error.issues).toEqual([
      { path: 'name', reasons: ['required argument is missing'] },
      { path: 'count', reasons: ['must be of type integer'] },
      { path: 'mode', reasons: ['must be one of "fast", "safe"'] },
      { path: 'extra', reasons: ['unknown argument'] },
    ]);
    expect(error.message).toContain('Invalid arguments for json_tool');
  });

  it('refuses arguments that are not an object, and reads missing arguments as {}', async () => {
    await expect(validator.validate([1])).rejects.toThrow('must be an object of named arguments, got an array');
    await expect(new RawSchemaValidator('t', { type: 'object' }).validate(undefined)).resolves.toEqual({});
  });

  it('lets unknown keys through when additionalProperties is not false', async () => {
    const open = new RawSchemaValidator('open', { type: 'object', properties: {} });
    await expect(open.validate({ anything: true })).resolves.toEqual({ anything: true });
  });
});
