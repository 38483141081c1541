import { declarationsFor } from './__fixtures__/checker-operations.fixture';
import { ScriptChecker } from './script-checker';

/** The checker as the worker runs it, over declarations rendered for two operations. */
describe('ScriptChecker', () => {
  const checker = new ScriptChecker();
  const check = (code: string) => checker.check({ code, declarations: declarationsFor(code) });
  const messages = (code: string) => check(code).diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`);

  describe('refuses certain mistakes against the API', () => {
    it('a field the result type does not have, read', () => {
      expect(messages("const low = await myko.report('LowStock');\nreturn low.map((r) => r.SKU);")).toEqual([
        "2:25 Property 'SKU' does not exist on type 'LowStockRow'. Did you mean 'sku'? Its fields: sku, productId, available.",
      ]);
      expect(messages("const [{ SKU }] = await myko.report('LowStock');\nreturn SKU;")).toHaveLength(1);
      expect(messages("const low = await myko.report('LowStock');\nreturn low.map(({ SKU }) => SKU);")).toHaveLength(1);
    });

    it("not a fallback chain's last alternative: every operand of ?? is a probe (issue 41)", () => {
      expect(messages("const low = await myko.report('LowStock');\nreturn low.map((r) => r.name ?? r.SKU);")).toEqual(
        [],
      );
    });

    it('a missing await: the Promise used as the result', () => {
      expect(messages("const low = myko.report('LowStock');\nreturn low.length;")).toEqual([
        "2:12 Property 'length' does not exist on type 'Promise<LowStockRow[]>'. It is the operation's Promise, not its result: put await before the myko.… call.",
      ]);
      expect(messages("for (const r of myko.report('LowStock')) console.log(r);")).toHaveLength(1);
    });

    it('an argument misnamed, missing, of a type that cannot be valid, or args left out', () => {
      expect(messages("await myko.report('LowStock', { warehouse: 'BER' });")).toEqual([
        expect.stringMatching(/^1:33 Object literal may only specify known properties, and 'warehouse'/),
      ]);
      expect(messages("await myko.command('Restock', { productId: 1, quantity: 2 });")).toEqual([
        expect.stringMatching(/^1:31 .*Property 'warehouseCode' is missing/),
      ]);
      expect(messages("await myko.report('LowStock', { limit: '5', status: 'open' });")).toEqual([
        "1:33 Type 'string' is not assignable to type 'number'.",
        "1:45 Type '\"open\"' is not assignable to type '\"pending\" | \"paid\"'. Accepted values: 'pending', 'paid'.",
      ]);
      expect(messages("await myko.command('Restock');")).toEqual([
        '1:12 Expected 2 arguments, but got 1. Its arguments: productId, warehouseCode, quantity.',
      ]);
    });

    it('says the type a value or a field was measured against', () => {
      const expected = (code: string) => check(code).diagnostics.map((d) => d.expected);
      expect(expected("await myko.report('LowStock', { limit: '5', status: 'open' });")).toEqual([
        'number',
        "'pending' | 'paid'",
      ]);
      expect(expected("return (await myko.report('LowStock'))[0].SKU;")).toEqual(['LowStockRow']);
      expect(expected("await myko.report('LowStock', { warehouse: 'BER' });")).toEqual([
        "{ warehouseCode?: string; status?: 'pending' | 'paid'; limit?: number; }",
      ]);
      expect(expected("await myko.command('Restock');")).toEqual([undefined]);
    });

    it("in TypeScript, an API value given to the script's own annotation that it cannot fit", () => {
      const code = "interface Row { sku: string; qty: number }\nconst rows: Row[] = await myko.report('LowStock');";
      expect(check(code)).toMatchObject({ language: 'ts', diagnostics: [expect.objectContaining({ line: 2 })] });
    });
  });

  describe("does not refuse what the script's own inference cannot judge (valid JavaScript)", () => {
    it.each([
      [
        'tuples widened to (string | number)[][]',
        "for (const [id, code] of [[1, 'AMS'], [2, 'BER']]) await myko.report('LowStock', { warehouseCode: code, limit: id });",
      ],
      [
        'a widened string where literals are expected',
        "for (const status of ['pending', 'paid']) await myko.report('LowStock', { status });",
      ],
      [
        'a union value that may be the expected one',
        "const pick = Math.random() > 0.5 ? 'BER' : 7;\nawait myko.report('LowStock', { warehouseCode: pick });",
      ],
      ['an array that grows', "const x = [];\nx.push(1);\nawait myko.report('LowStock');\nreturn x;"],
      ['an object that takes properties later', "const o = {};\no.a = 1;\nawait myko.report('LowStock');\nreturn o.a;"],
      [
        'a field the script sets on API rows and reads back',
        "const low = await myko.report('LowStock');\nfor (const r of low) r.score = r.available / 2;\nreturn low.sort((a, b) => b.score - a.score)[0].score;",
      ],
      [
        'an unknown property on a script-built object',
        "const low = await myko.report('LowStock');\nconst m = low.map((r) => ({ sku: r.sku }));\nreturn m[0].nope;",
      ],
      [
        'a field read as a probe with a fallback (npm run load wrote these)',
        "const low = await myko.report('LowStock');\nreturn low.map((r) => r.name ?? r.sku);",
      ],
      [
        'a fallback chain',
        "const low = await myko.report('LowStock');\nreturn (low[0].rows ?? low[0].groups ?? []).length;",
      ],
      [
        'a probe by typeof',
        "const [r] = await myko.report('LowStock');\nreturn typeof r.extra === 'string' ? r.extra : r.sku;",
      ],
      [
        'a probe against undefined',
        "const [r] = await myko.report('LowStock');\nreturn r.extra === undefined ? 0 : 1;",
      ],
      ['an optional chain after the field', "const [r] = await myko.report('LowStock');\nreturn r.meta?.note;"],
      [
        'a built-in the lib lacks',
        "const low = await myko.report('LowStock');\nreturn Object.groupBy(low, (r) => r.sku);",
      ],
      [
        'an args object assembled step by step',
        "const args = {};\nargs.warehouseCode = 'BER';\nreturn myko.report('LowStock', args);",
      ],
      ["TypeScript's own type errors, not the API's", "const n: number = 'x';\nreturn myko.report('LowStock');"],
      [
        'TypeScript inference of [] and {}',
        "const limit: number = 3;\nconst o = {};\no.a = limit;\nconst x = [];\nx.push(1);\nreturn myko.report('LowStock', { limit });",
      ],
    ])('%s', (_, code) => {
      expect(check(code).diagnostics).toEqual([]);
    });

    it('leaves JavaScript that does not parse to the sandbox, which reports it before anything runs', () => {
      expect(check("const low = await myko.report('LowStock'\nreturn low.SKU;")).toEqual({
        language: 'js',
        diagnostics: [],
      });
    });
  });
});
