import { ClientFilters } from '@myko/filter';
import type { OperationRegistry } from '@myko/registry';
import { DispatchHarness } from '../../__fixtures__/dispatch.harness';
import { EXECUTE_GUARD_OPTION_TABLE } from '../execute/execute-guard.defaults';
import { ScriptDiscovery } from '../execute/script-discovery';
import type { OperationSearchService } from '../search/operation-search.service';
import * as ids from './script-operation-ids';
import { ScriptTypeChecker } from './script-type-checker';

jest.mock('./script-operation-ids', () => {
  const actual = jest.requireActual('./script-operation-ids');
  return { ...actual, namedOperations: jest.fn(actual.namedOperations) };
});

const MAX_SCRIPT_BYTES = EXECUTE_GUARD_OPTION_TABLE.maxScriptBytes.default;

/** A script of about `bytes` calling `distinct` unknown ids in turn (each id repeated when the script is longer). */
function unknownIdScript(bytes: number, distinct: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes - 64; i++) {
    const line = `await myko.query('HiddenOperation${i % distinct}');`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
}

/**
 * Issue 39 (finding 2): the main-thread check of a script is one pass over it, and the rest of its work (lookups,
 * suggestions, diagnostics) is bounded whatever the script names. Work is counted, not timed.
 */
describe('the main-thread scan of an execute script', () => {
  const closest = jest.fn((): never[] => []);
  const search = { closest } as unknown as OperationSearchService;
  const get = jest.fn(() => undefined);
  const list = jest.fn((): never[] => []);
  let checker: ScriptTypeChecker;
  const check = (code: string) =>
    checker.check(code, 'strict', ClientFilters.ALLOW_ALL, new ScriptDiscovery(search, ClientFilters.ALLOW_ALL));

  beforeEach(() => {
    closest.mockClear();
    get.mockClear();
    list.mockClear();
    checker = new ScriptTypeChecker({ get, list } as unknown as OperationRegistry);
  });
  afterEach(() => checker.close());

  it('refuses a maximum-size script naming thousands of distinct unknown ids after a bounded scan', async () => {
    const code = unknownIdScript(MAX_SCRIPT_BYTES, 1_000_000);
    expect(code.split('\n').length).toBeGreaterThan(6_000);
    const outcome = await check(code);
    expect(outcome).toMatchObject({ refused: true, probing: true });
    expect(outcome.diagnostics).toHaveLength(1);
    expect(outcome.diagnostics[0]).toMatchObject({ line: 257, column: 19 });
    expect(outcome.diagnostics[0].message).toMatch(/names more than 256 distinct operations/);
    expect(get.mock.calls.length).toBeLessThanOrEqual(ids.MAX_NAMED_OPERATIONS);
    expect(closest).not.toHaveBeenCalled();
  });

  it('judges a repeated id once, and ranks suggestions for a few unknown ids only', async () => {
    const code = unknownIdScript(MAX_SCRIPT_BYTES, 200);
    const outcome = await check(code);
    expect(outcome).toMatchObject({ refused: true, probing: true });
    expect(get).toHaveBeenCalledTimes(200);
    expect(closest.mock.calls.length).toBeLessThanOrEqual(8);
    // The hint of what the id should have been walks the catalogue once per listed unknown id, not per named one.
    expect(list.mock.calls.length).toBeLessThanOrEqual(5);
    expect(outcome.diagnostics.map((d) => d.message).slice(-1)[0]).toBe(
      'Unknown operation: query_HiddenOperation5 and 194 more unknown operations (not listed one by one); find ids with search.',
    );
    expect(outcome.diagnostics).toHaveLength(6);
    expect(outcome.diagnostics[1]).toMatchObject({ line: 2, column: 19 });
  });

  it('stops scanning at the bound of distinct operations', () => {
    const scanned = ids.namedOperations(unknownIdScript(MAX_SCRIPT_BYTES, 1_000_000));
    expect(scanned.operations).toHaveLength(ids.MAX_NAMED_OPERATIONS);
    expect(scanned.overflow).toMatchObject({ id: 'HiddenOperation256' });
  });

  it('ranks suggestions at run time for a few names per request, once per name', () => {
    const discovery = new ScriptDiscovery(search, ClientFilters.ALLOW_ALL);
    for (let i = 0; i < 1_000; i++) discovery.notFound(`query_Missing${i % 20}`);
    expect(closest.mock.calls.length).toBeLessThanOrEqual(8);
    // The hint of what the id should have been walks the catalogue once per listed unknown id, not per named one.
    expect(list.mock.calls.length).toBeLessThanOrEqual(5);
  });
});

describe('execute refuses a script over maxScriptBytes before it is scanned', () => {
  let harness: DispatchHarness;
  const scan = ids.namedOperations as jest.Mock;

  beforeAll(async () => {
    harness = await DispatchHarness.create({ execute: { abuseBackoff: { strikes: 2, cooldownMs: 60_000 } } });
  });
  afterAll(() => harness.close());
  beforeEach(() => scan.mockClear());

  it('answers a tool error naming the limit, and nothing scanned the script', async () => {
    const code = unknownIdScript(575 * 1024, 20_000);
    const result = await harness.callTool('execute', { code });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(
      /`code` must be at most 262,144 bytes \(UTF-8; the server's maxScriptBytes\)/,
    );
    expect(scan).not.toHaveBeenCalled();
  });

  it('counts a script over the limit as a strike', async () => {
    const client = harness.client();
    const code = unknownIdScript(MAX_SCRIPT_BYTES + 1_024, 40);
    for (let i = 0; i < 2; i++) {
      expect((await harness.callTool('execute', { code }, client)).content[0].text).toMatch(/maxScriptBytes/);
    }
    const next = await harness.callTool('execute', { code: 'return 1;' }, client);
    expect(next.content[0].text).toMatch(/cooldown|retry/i);
    expect(scan).not.toHaveBeenCalled();
  });

  it('counts a script refused for probing unknown ids as a strike', async () => {
    const client = harness.client();
    const probe = unknownIdScript(4_096, 40);
    for (let i = 0; i < 2; i++) {
      const refused = await harness.callTool('execute', { code: probe }, client);
      expect(refused.content[0].text).toMatch(/^Type check failed \(nothing ran\)/);
    }
    const next = await harness.callTool('execute', { code: 'return 1;' }, client);
    expect(next.isError).toBe(true);
    expect(next.content[0].text).toMatch(/cooldown|retry/i);
  });
});
