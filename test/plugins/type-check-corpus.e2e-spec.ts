import { ClientFilters } from '@myko/filter';
import { ScriptDiscovery } from '../../libs/dispatch/src/code-mode/execute/script-discovery';
import { OperationSearchService } from '../../libs/dispatch/src/code-mode/search/operation-search.service';
import { ScriptTypeChecker } from '../../libs/dispatch/src/code-mode/type-check/script-type-checker';
import { PluginsTestApp } from './plugins-test-app';

// The corpus is the bench's, plain CommonJS.
const { CORPUS_FILTERS, FAULTY, VALID } = require('../../bench/lib/type-check-corpus');

jest.setTimeout(120_000);

interface Entry {
  kind?: string;
  line?: number;
  name?: string;
  code: string;
  /** Checked as `execute({ mode: 'plan' })` checks it. */
  plan?: boolean;
  /** Words a faulty script's refusal must contain: what would be right. */
  fix?: string;
}

/**
 * The type-check corpus through the real checker over the example domain: every valid script passes, and at
 * least 90 % of the faulty ones are stopped, each at its line (issue 27's acceptance).
 */
describe('type check over the corpus', () => {
  let app: PluginsTestApp;
  let checker: ScriptTypeChecker;
  let search: OperationSearchService;
  const filters = ClientFilters.from(CORPUS_FILTERS);

  beforeAll(async () => {
    app = await PluginsTestApp.start();
    checker = new ScriptTypeChecker(app.registry, { timeoutMs: 20_000, maxHeapMb: 256 });
    search = new OperationSearchService(app.registry);
    await checker.warm();
  });
  afterAll(async () => {
    await checker?.close();
    await app?.close();
  });

  const check = (code: string, as: ClientFilters, plan = false) =>
    checker.check(code, 'strict', as, new ScriptDiscovery(search, as), plan);

  it("has at least 50 faulty and 300 valid scripts, the test suite's, the agent idioms and 30 hedges among them", () => {
    expect(FAULTY.length).toBeGreaterThanOrEqual(50);
    expect(VALID.length).toBeGreaterThanOrEqual(300);
    const names = (VALID as Entry[]).map((entry) => entry.name ?? '');
    expect(names.filter((name) => name.startsWith('test/')).length).toBeGreaterThanOrEqual(30);
    expect(names.filter((name) => name.startsWith('idiom')).length).toBeGreaterThanOrEqual(70);
    expect(names.filter((name) => name.startsWith('idiom hedge')).length).toBeGreaterThanOrEqual(30);
    expect((FAULTY as Entry[]).filter((entry) => !entry.fix)).toEqual([]);
  });

  it('refuses none of the valid scripts', async () => {
    const refused: string[] = [];
    for (const entry of VALID as Entry[]) {
      const outcome = await check(entry.code, ClientFilters.ALLOW_ALL, entry.plan);
      if (outcome.refused) refused.push(`${entry.name}: ${JSON.stringify(outcome.diagnostics)}`);
    }
    expect(refused).toEqual([]);
  });

  it('stops at least 90 % of the faulty scripts, each at its line', async () => {
    const missed: string[] = [];
    for (const entry of FAULTY as Entry[]) {
      const outcome = await check(entry.code, filters);
      const atLine = outcome.refused && outcome.diagnostics.some((d) => d.line === entry.line);
      if (!atLine) missed.push(`${entry.kind} line ${entry.line}: ${JSON.stringify(outcome.diagnostics)}`);
    }
    expect(missed.length).toBeLessThanOrEqual(Math.floor(FAULTY.length * 0.1));
  });

  it('teaches the fix in every refusal of a faulty script (the member, argument, value or id that exists)', async () => {
    const untaught: string[] = [];
    for (const entry of FAULTY as Entry[]) {
      const outcome = await check(entry.code, filters);
      const text = outcome.diagnostics.map((d) => d.message).join('\n');
      if (!text.includes(entry.fix ?? '')) untaught.push(`${entry.kind} wants ${entry.fix}: ${text}`);
    }
    expect(untaught).toEqual([]);
  });

  it('reports a hidden operation like a missing one, and never names a hidden id', async () => {
    const hidden = await check("await myko.report('TopCustomers');", filters);
    expect(hidden.refused).toBe(true);
    // The message the host bridge throws at run time for a missing or a hidden name (ScriptDiscovery.notFound),
    // then what would be right, from visible operations only.
    const atRunTime = new ScriptDiscovery(search, filters).notFound('report_TopCustomers').message;
    expect(hidden.diagnostics).toEqual([{ line: 1, column: 20, code: 0, message: expect.any(String) }]);
    expect(hidden.diagnostics[0].message.startsWith(atRunTime)).toBe(true);
    expect(atRunTime).toMatch(/^Unknown operation: report_TopCustomers\b/);
    // One letter off a hidden id: suggested to a client that sees it, never to one that does not.
    const typo = "await myko.report('TopCustomer', { limit: 3 });";
    expect((await check(typo, ClientFilters.ALLOW_ALL)).diagnostics[0].message).toContain("'TopCustomers'");
    const near = await check(typo, filters);
    expect(near.refused).toBe(true);
    expect(near.diagnostics[0].message).not.toContain('TopCustomers');
  });

  it('runs a script it cannot judge (an id computed at run time) and strips TypeScript keeping lines', async () => {
    expect(
      (await check("const id = ['Low', 'Stock'].join('');\nreturn (await myko.report(id)).x.y;", filters)).refused,
    ).toBe(false);
    const ts = await check(
      "interface R { sku: string }\nconst r: R[] = await myko.report('LowStock');\nreturn r.map((x: R) => x.sku);",
      filters,
    );
    expect(ts).toMatchObject({ refused: false, code: expect.stringMatching(/^ +\nconst r +=/) });
  });

  it('gives every script the same verdict when all arrive at once (on every worker of the pool)', async () => {
    // No verdicts kept: every check of both passes is a worker's; the queue holds them all.
    const limits = { timeoutMs: 20_000, maxHeapMb: 256, maxQueue: 1_000, maxQueuePerClient: 1_000 };
    const uncached = new ScriptTypeChecker(app.registry, limits, { entries: 0, chars: 0 });
    const checkFresh = (entry: Entry) => {
      const as = FAULTY.includes(entry) ? filters : ClientFilters.ALLOW_ALL;
      return uncached.check(entry.code, 'strict', as, new ScriptDiscovery(search, as), entry.plan);
    };
    try {
      const entries = [...(VALID as Entry[]), ...(FAULTY as Entry[])];
      const oneByOne = [];
      for (const entry of entries) oneByOne.push(await checkFresh(entry));
      const atOnce = await Promise.all(entries.map(checkFresh));
      expect(atOnce).toEqual(oneByOne);
    } finally {
      await uncached.close();
    }
  });

  it("keeps a verdict for the declarations it was judged on: another client's filters are judged afresh", async () => {
    const code = "const rows = await myko.report('TopCustomers', { limit: 3 });\nreturn rows.length;";
    expect((await check(code, ClientFilters.ALLOW_ALL)).refused).toBe(false);
    expect(await check(code, filters)).toMatchObject({ refused: true, diagnostics: [{ line: 1, code: 0 }] });
    expect((await check(code, ClientFilters.ALLOW_ALL)).refused).toBe(false);
  });
});
