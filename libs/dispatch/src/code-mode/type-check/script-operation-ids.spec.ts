import { namedOperations } from './script-operation-ids';

describe('namedOperations', () => {
  it('finds literal ids in dot and bracket calls, with the offset of the id', () => {
    const code = "await myko.query('A', {});\nawait myko['command'](\"B\");\nawait myko.view(`C`);\nmyko.report(id);";
    expect(namedOperations(code)).toEqual({
      operations: [
        { kind: 'query', id: 'A', offset: code.indexOf('A') },
        { kind: 'command', id: 'B', offset: code.indexOf('B') },
        { kind: 'view', id: 'C', offset: code.indexOf('C') },
      ],
    });
  });

  it('names a repeated operation once, at its first mention', () => {
    const code = "await myko.query('A');\nawait myko.query('A');\nawait myko.report('A');";
    expect(namedOperations(code).operations).toEqual([
      { kind: 'query', id: 'A', offset: code.indexOf('A') },
      { kind: 'report', id: 'A', offset: code.lastIndexOf('A') },
    ]);
  });
});
