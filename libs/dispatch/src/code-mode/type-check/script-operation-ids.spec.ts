import { namedOperations } from './script-operation-ids';

describe('namedOperations', () => {
  it('finds literal ids in dot and bracket calls, with the offset of the id', () => {
    const code = "await myko.query('A', {});\nawait myko['command'](\"B\");\nawait myko.view(`C`);\nmyko.report(id);";
    expect(namedOperations(code)).toEqual([
      { kind: 'query', id: 'A', offset: code.indexOf('A') },
      { kind: 'command', id: 'B', offset: code.indexOf('B') },
      { kind: 'view', id: 'C', offset: code.indexOf('C') },
    ]);
  });
});
