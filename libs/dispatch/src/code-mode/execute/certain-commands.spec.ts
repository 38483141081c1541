import { certainCommands } from './certain-commands';

const ids = (code: string): string[] => certainCommands(code).map(({ id }) => id);

describe('certainCommands', () => {
  it('lists straight-line commands in call order, through await, assignments, arguments and Promise.all', () => {
    const code = `
      const a = await myko.command('A', {});
      await myko['command']("B", { x: (await myko.command('C', {})).id });
      await Promise.all([myko.command('D', {}), myko.command(\`E\`, {})]);
      return myko.command('F', {});`;
    expect(ids(code)).toEqual(['A', 'C', 'B', 'D', 'E', 'F']);
  });

  it('lists a try block and an if condition, not a catch, a branch, a short-circuit or a function body', () => {
    const code = `
      try { await myko.command('T', {}); } catch (e) { await myko.command('Catch', {}); }
      if (await myko.command('Cond', {})) await myko.command('Then', {});
      ok && await myko.command('And', {});
      const f = async () => myko.command('Arrow', {});
      x ? myko.command('Ternary', {}) : null;
      for (const p of []) await myko.command('Loop', {});
      await myko.command('Last', {});`;
    expect(ids(code)).toEqual(['T', 'Cond', 'Last']);
  });

  it('stops after a statement that may return or throw: what follows is not certain', () => {
    expect(ids(`await myko.command('A', {}); if (x) return; await myko.command('B', {});`)).toEqual(['A']);
    expect(ids(`if (x) throw new Error('no'); await myko.command('B', {});`)).toEqual([]);
    expect(ids(`try { return 1; } catch {} await myko.command('B', {});`)).toEqual([]);
    expect(ids(`const g = () => { return 1; }; await myko.command('B', {});`)).toEqual(['B']);
  });

  it('lists nothing for a computed id, a shadowed myko, or code that does not parse', () => {
    expect(ids(`const id = 'A'; await myko.command(id, {});`)).toEqual([]);
    expect(ids(`const myko = { command() {} }; await myko.command('A', {});`)).toEqual([]);
    expect(ids(`await myko.command('A', {}); }); (function () {`)).toEqual([]);
    expect(ids(`await myko.command('A', {}`)).toEqual([]);
  });
});
