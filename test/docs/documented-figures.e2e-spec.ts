import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mapDocument } from '@myko/openapi';
import { OperationRegistry } from '@myko/registry';
import { operationSummary } from '../../src/bootstrap/operation-summary';
import { readDocs } from '../helpers/readme-example';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Counts of the example domain written in the README and docs/, checked against the registry of the
 * app `serve` runs, so they cannot go stale again when a plugin gains an operation. Every other count of
 * operations in the docs must be one of the generated sets the benchmarks use (`SYNTHETIC`) or a chain
 * length: a new figure is either checked here or fails the last test.
 */
// Starting the app beside a full parallel suite on 2 cores took over Jest's 5 s default for this hook.

const SYNTHETIC = new Set(['10', '1,000', '10,000', '100,000']);

/** The stored GitHub REST subset (test/fixtures/openapi/github), whose figures docs/connectors.md gives. */
const GITHUB_SUBSET = join(__dirname, '../fixtures/openapi/github/api.github.com.subset.json');
/** The whole upstream document the subset was cut from (@octokit/openapi 23.0.2, not stored: its README says so). */
const GITHUB_WHOLE = '1,223';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const githubDocument = JSON.parse(readFileSync(GITHUB_SUBSET, 'utf8'));
const githubInDocument = Object.values(githubDocument.paths as Record<string, object>)
  .flatMap((item) => Object.keys(item))
  .filter((key) => HTTP_METHODS.includes(key)).length;
const githubServed = mapDocument(githubDocument, { name: 'github', document: GITHUB_SUBSET }).operations.length;

describe('the figures of the example domain in the docs', () => {
  let server: TestServer;
  let kinds: Record<string, number>;
  let total: number;
  let generated: number;
  const docs = readDocs();

  beforeAll(async () => {
    server = await startTestServer();
    const operations = server.app.get(OperationRegistry).list();
    total = operations.length;
    kinds = { query: 0, view: 0, report: 0, command: 0 };
    for (const { kind } of operations) kinds[kind] += 1;
    generated = operations.filter((op) => / \(entity \w+\)$/.test(op.source)).length;
    expect(operationSummary(operations)).toMatch(/^\d+ operations:/);
  });
  afterAll(() => server?.close());

  /** Every match of `pattern` in the docs, each a list of its groups. */
  const claims = (pattern: RegExp) => [...docs.matchAll(pattern)].map((m) => m.slice(1));

  it('start-up log lines: "N operations: a query, b view, c report, d command"', () => {
    const found = claims(/(\d+) operations: (\d+) query, (\d+) view, (\d+) report, (\d+) command/g);
    expect(found.length).toBeGreaterThanOrEqual(1);
    const real = [total, kinds.query, kinds.view, kinds.report, kinds.command].map(String);
    for (const claim of found) expect(claim).toEqual(real);
  });

  it('the example domain in docs/plugins.md: total, per kind, and how many are generated for entities', () => {
    const found = claims(
      /(\d+) operations: (\d+) queries, (\d+) views, (\d+) reports, (\d+) commands \((\d+) of them generated/g,
    );
    expect(found).toEqual([[total, kinds.query, kinds.view, kinds.report, kinds.command, generated].map(String)]);
  });

  it('search hints ("list all N"), the context benchmark row and its reading ("N example operations")', () => {
    const figures = [
      ...claims(/list all (\d+)\b/g),
      ...claims(/examples \((\d+) ops\)/g),
      ...claims(/for the (\d+) example operations/g),
      ...claims(/direct mode \((\d+) tools, 1 page\) for \d+ operations/g),
      ...claims(/direct mode \(\d+ tools, 1 page\) for (\d+) operations/g),
    ].map(([n]) => n);
    expect(figures.length).toBeGreaterThanOrEqual(3);
    for (const n of figures) expect(n).toBe(String(total));
  });

  it('what the access-control example profiles see: reads for support, reads and CancelOrder for ops', () => {
    const reads = kinds.query + kinds.view + kinds.report;
    const [searchSupport, searchOps] = claims(/`20 of (\d+) matches`/g).map(([n]) => Number(n));
    expect([searchSupport, searchOps]).toEqual([reads, reads + 1]);
    const [[schemaSupport, schemaOps]] = claims(/(\d+) schema resources for support, (\d+) for ops/g);
    expect([Number(schemaSupport), Number(schemaOps)]).toEqual([reads, reads + 1]);
    // Beside the schemas, each lists the named resources of the reports it may read (LowStock's), and (Code
    // Mode) its own executions.
    const named =
      server.app
        .get(OperationRegistry)
        .list()
        .filter((op) => op.resource && op.kind !== 'command').length + 1;
    const [[allSupport, allOps]] = claims(/so (\d+) and (\d+) resources in all/g);
    expect([Number(allSupport), Number(allOps)]).toEqual([reads + named, reads + 1 + named]);
  });

  it('the GitHub subset: the operations its document holds and those the connector serves', () => {
    const subsetClaims = claims(/(\d[\d,]*) operations of GitHub's REST/g).map(([n]) => n);
    const servedClaims = claims(
      /(?:(\d[\d,]*) are served|into (\d[\d,]*) operations|GitHub subset's (\d[\d,]*) operations)/g,
    ).map((groups) => groups.find(Boolean));
    expect(subsetClaims.length).toBeGreaterThanOrEqual(1);
    for (const n of subsetClaims) expect(n).toBe(String(githubInDocument));
    expect(servedClaims.length).toBeGreaterThanOrEqual(1);
    for (const n of servedClaims) expect(n).toBe(String(githubServed));
  });

  it('names no other count of operations than those checked above and the synthetic sets', () => {
    const checked =
      /\d+ operations: |list all \d+|examples \(\d+ ops\)|the \d+ example operations|1 page\) for \d+ operations/;
    const unchecked = [
      ...docs.matchAll(
        /[^\n]{0,40}?(?<![\d,])(\d[\d,]*) (?:example |generated |declared )?(?:operations|ops)\b[^\n]{0,20}/g,
      ),
    ]
      .filter(([context, n]) => !checked.test(context) && !SYNTHETIC.has(n) && !githubFigure(context, n))
      .map(([context]) => context.trim());
    expect(unchecked).toEqual([]);
  });
});

/** A figure of the GitHub subset (checked above) or of the upstream document it names. */
function githubFigure(context: string, n: string): boolean {
  return /GitHub/.test(context) && [GITHUB_WHOLE, String(githubInDocument), String(githubServed)].includes(n);
}
