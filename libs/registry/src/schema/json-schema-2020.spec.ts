import { toDraft2020 } from './json-schema-2020';

describe('toDraft2020', () => {
  it('moves definitions to $defs and rewrites refs at any depth', () => {
    expect(
      toDraft2020({
        properties: { a: { items: { $ref: '#/definitions/A' } } },
        definitions: { A: { properties: { b: { $ref: '#/definitions/B' } } } },
      }),
    ).toEqual({
      properties: { a: { items: { $ref: '#/$defs/A' } } },
      $defs: { A: { properties: { b: { $ref: '#/$defs/B' } } } },
    });
  });

  it('turns OpenAPI nullable into a null type and boolean exclusive bounds into numbers', () => {
    expect(toDraft2020({ type: 'string', nullable: true })).toEqual({ type: ['string', 'null'] });
    expect(toDraft2020({ nullable: false, type: 'string' })).toEqual({ type: 'string' });
    expect(toDraft2020({ minimum: 0, exclusiveMinimum: true })).toEqual({ exclusiveMinimum: 0 });
    expect(toDraft2020({ maximum: 9, exclusiveMaximum: false })).toEqual({ maximum: 9 });
  });

  it('does not change its input', () => {
    const input = { definitions: { A: { type: 'string', nullable: true } } };
    toDraft2020(input);
    expect(input).toEqual({ definitions: { A: { type: 'string', nullable: true } } });
  });
});
