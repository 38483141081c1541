import { declarationsFor } from './__fixtures__/checker-operations.fixture';
import { ScriptChecker } from './script-checker';

const READ = "const low = await myko.report('LowStock');\n";
/** Two scripts another client might send: one valid, one with a field the type does not have. */
const VICTIMS = [`${READ}return low.map((r) => r.sku.toUpperCase());`, `${READ}return low.map((r) => r.SKU);`];

/**
 * Scripts that try to change what the checker believes of the API for the scripts checked beside them: each
 * names the same operation, so it shares their declarations and their batch.
 */
const ATTACKERS = {
  'closes the wrapper and augments the global type (TypeScript)': `${READ}return 1;\n})();\ndeclare global { interface LowStockRow { SKU: string } }\n(async function () {`,
  'closes the wrapper and redeclares myko': `${READ}return 1;\n})();\nvar myko = { report: () => [{ SKU: 'x' }] };\n(async function () {`,
  'closes the wrapper and declares the row type': `${READ}return 1;\n})();\ninterface LowStockRow { SKU: string }\n(async function () {`,
  'a JSDoc typedef of the row type inside the wrapper': `/** @typedef {{ SKU: string }} LowStockRow */\n${READ}return 1;`,
  'an interface of the row type inside the wrapper (TypeScript)': `interface LowStockRow { SKU: string }\n${READ}return low as LowStockRow[];`,
  'a lib reference on its first line': `/// <reference lib="dom" />\n${READ}return 1;`,
  'an unclosed comment that swallows the wrapper': `${READ}return 1; /*`,
};

describe('ScriptChecker, checks waiting together', () => {
  const checker = new ScriptChecker();
  const request = (code: string) => ({ code, declarations: declarationsFor(code) });

  it('gives every script the verdict it gets alone, in the order asked', () => {
    const scripts = [
      ...VICTIMS,
      "const n: number = await myko.command('Restock', { productId: 1, warehouseCode: 'AMS', quantity: 2 });\nreturn n;",
      "await myko.command('Restock', { productId: '1', warehouseCode: 'AMS', quantity: 2 });",
      "const rows = await myko.report('LowStock', { limit: 3 });\nreturn rows.map((r) => r.available",
      "const low = myko.report('LowStock');\nreturn low.length;",
      "const low = await myko.report('LowStock', { status: 'shipped' });\nreturn low.length;",
    ];
    const alone = scripts.map((code) => checker.check(request(code)));
    const together = checker.checkAll(scripts.map(request));
    expect(together).toEqual(alone);
    // The batch holds both languages and both outcomes: it could have gone wrong.
    expect(alone.filter((verdict) => verdict.language === 'ts')).toHaveLength(1);
    expect(alone.filter((verdict) => verdict.diagnostics.length > 0).length).toBeGreaterThanOrEqual(3);
  });

  it.each(Object.entries(ATTACKERS))('a script that %s changes no other verdict', (_, attacker) => {
    expect(declarationsFor(attacker)).toBe(declarationsFor(VICTIMS[0]));
    const alone = VICTIMS.map((code) => checker.check(request(code)));
    expect(alone[0].diagnostics).toEqual([]);
    expect(alone[1].diagnostics.map((d) => d.message)).toEqual([
      "Property 'SKU' does not exist on type 'LowStockRow'. Did you mean 'sku'? Its fields: sku, productId, available.",
    ]);
    for (const order of [
      [attacker, ...VICTIMS],
      [...VICTIMS, attacker],
    ]) {
      const verdicts = checker.checkAll(order.map(request));
      expect(verdicts.filter((_, i) => order[i] !== attacker)).toEqual(alone);
    }
  });
});
