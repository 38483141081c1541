import { declarationsFor } from './__fixtures__/checker-operations.fixture';
import { ScriptChecker } from './script-checker';

/** Issue 41 items 2 and 3: a refusal says what would be right; a hedge is a probe, not a certain mistake. */
describe('ScriptChecker, teaching and hedges', () => {
  const checker = new ScriptChecker();
  const check = (code: string) => checker.check({ code, declarations: declarationsFor(code) });
  const messages = (code: string) => check(code).diagnostics.map((d) => d.message);

  describe('a refusal teaches', () => {
    it("names the type's fields and the nearest one for an unknown field", () => {
      const [message] = messages("const low = await myko.report('LowStock');\nreturn low.map((r) => r.skuCode);");
      expect(message).toContain("Property 'skuCode' does not exist on type 'LowStockRow'.");
      expect(message).toContain('Its fields: sku, productId, available.');
      expect(message).toContain("Did you mean 'sku'?");
    });

    it('does not say did-you-mean twice where TypeScript said it', () => {
      const [message] = messages("const low = await myko.report('LowStock');\nreturn low.map((r) => r.SKU);");
      expect(message.match(/Did you mean/g)).toHaveLength(1);
    });

    it('names the accepted arguments and the one meant for an unknown argument', () => {
      const [message] = messages("await myko.report('LowStock', { warehouse: 'BER' });");
      expect(message).toContain('Its arguments: warehouseCode, status, limit.');
      expect(message).toContain("Did you mean 'warehouseCode'?");
    });

    it('names the accepted values of an enum and the one meant', () => {
      const [message] = messages("await myko.report('LowStock', { status: 'payd' });");
      expect(message).toContain("Accepted values: 'pending', 'paid'.");
      expect(message).toContain("Did you mean 'paid'?");
    });

    it('keeps a refusal bounded whatever the script', () => {
      const reads = Array.from({ length: 40 }, (_, i) => `r.field${i}${'x'.repeat(200)}`).join(' + ');
      const diagnostics = check(`const [r] = await myko.report('LowStock');\nreturn ${reads};`).diagnostics;
      for (const d of diagnostics) expect(d.message.length).toBeLessThanOrEqual(701);
    });
  });

  describe('a hedge is not refused', () => {
    it.each([
      ['every operand of a ?? chain, the last too', 'return r.warehouseCode ?? r.key ?? r.group;'],
      ['every operand of a || chain', 'return r.key || r.name;'],
      ['a ?? chain in parentheses', "return (r.name ?? r.title) || 'none';"],
      ["an 'in' guard", "return 'group' in r ? r.group : r.sku;"],
      ['Object.hasOwn', "return Object.hasOwn(r, 'group') ? r.group : r.sku;"],
      ['hasOwnProperty', "return r.hasOwnProperty('group') ? r.group : r.sku;"],
      ['a destructuring default', 'const { group = "none", sku } = r;\nreturn group + sku;'],
      ['typeof', "return typeof r.group === 'string' ? r.group : r.sku;"],
      ['an optional chain that is hedged', "return r.meta?.note ?? 'none';"],
      ['a comparison with null', 'return r.group != null ? r.group : r.sku;'],
    ])('%s', (_, tail) => {
      expect(check(`const [r] = await myko.report('LowStock');\n${tail}`).diagnostics).toEqual([]);
    });

    it('still refuses a read after ?. that nothing hedges (it reads undefined all the same)', () => {
      const code = "const row = (await myko.report('LowStock')).find((r) => r.sku === 'A');\nreturn row?.titel;";
      expect(messages(code)).toEqual([expect.stringContaining("Property 'titel' does not exist")]);
    });
  });
});
