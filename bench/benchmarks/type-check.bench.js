/**
 * The type check of `execute` (issue 27): how long one check takes, warm, over the corpus scripts (the example
 * plugins, then the same beside 10,000 generated operations), what it catches before any command runs (per
 * kind of fault) and what it refuses of the valid scripts; and a trivial `execute` with checking on against
 * off, in the same run, round by round.
 */
const { NestFactory } = require('@nestjs/core');
const { load, loadFixture } = require('../lib/dist');
const { row } = require('../lib/report');
const { interleave } = require('../lib/timing');
const { CORPUS_FILTERS, FAULTY, VALID } = require('../lib/type-check-corpus');

const { OperationRegistry, RegistryModule } = load('libs/registry/src');
const { DispatchModule, DispatchService, OperationSearchService } = load('libs/dispatch/src');
const { ClientFilters } = load('libs/filter/src');
const { ExamplePluginsModule } = load('plugins');
const { ScriptTypeChecker } = load('libs/dispatch/src/code-mode/type-check/script-type-checker');
const { ScriptDiscovery } = load('libs/dispatch/src/code-mode/execute/script-discovery');
const { syntheticOperations } = loadFixture('synthetic');

const OPERATIONS = 10_000;
const TRIVIAL = 'return 1 + 1';
/** One read, typed: what every checked script pays at the least (`n` makes each script new to the checker). */
const oneRead = (n) => `const w = await myko.query('ListWarehouses');\nreturn w.length + ${n} * 0;`;

class TypeCheckBenchModule {}

/** The example plugins (and `synthetic` generated operations beside them) under a dispatch with `typeCheck`. */
async function exampleApp(typeCheck, synthetic = 0) {
  const register = {
    provide: 'BENCH_SYNTHETIC',
    inject: [OperationRegistry],
    useFactory: (registry) => {
      for (const operation of synthetic > 0 ? syntheticOperations(synthetic) : []) registry.register(operation);
      return synthetic;
    },
  };
  const app = await NestFactory.createApplicationContext(
    {
      module: TypeCheckBenchModule,
      imports: [
        RegistryModule,
        DispatchModule.forRoot({ execute: { typeCheck } }),
        ExamplePluginsModule.forRoot({ databasePath: ':memory:', seed: true }),
      ],
      providers: [register],
    },
    { logger: ['error', 'warn'] },
  );
  await app.init();
  return app;
}

/** Every corpus script checked `rounds` times after one warm-up pass: the latencies and the verdicts. */
async function checkCorpus(app, rounds) {
  const registry = app.get(OperationRegistry);
  const search = app.get(OperationSearchService);
  const filters = ClientFilters.from(CORPUS_FILTERS);
  // No verdicts kept: every round measures the check itself, not a lookup.
  const checker = new ScriptTypeChecker(registry, undefined, { entries: 0, chars: 0 });
  const scripts = [...VALID, ...FAULTY];
  // The faulty scripts under the corpus filters (some call a hidden operation), the valid ones as any client.
  const check = (code, as = filters, plan = false) =>
    checker.check(code, 'strict', as, new ScriptDiscovery(search, as), plan);
  const filtersOf = (entry) => (FAULTY.includes(entry) ? filters : ClientFilters.ALLOW_ALL);
  try {
    await checker.warm();
    for (const entry of scripts) await check(entry.code, filtersOf(entry), entry.plan);
    const samples = [];
    const verdicts = new Map();
    for (let round = 0; round < rounds; round++) {
      for (const entry of scripts) {
        const start = performance.now();
        const outcome = await check(entry.code, filtersOf(entry), entry.plan);
        samples.push(performance.now() - start);
        verdicts.set(entry, outcome);
      }
    }
    return { samples, verdicts, operations: registry.list().length };
  } finally {
    await checker.close();
  }
}

/** A type bomb (JSDoc types: 10⁵ tuples, ~17 s to check), new to the checker each time (`n`). */
const typeBomb = (n) =>
  [
    '/** @typedef {0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9} D */',
    '/** @template A, B @typedef {A extends unknown ? (B extends unknown ? [A, B] : never) : never} P */',
    '/** @typedef {P<P<P<D, D>, P<D, D>>, D>} Bomb */',
    '/** @type {Bomb} */',
    `const bomb = ${n};`,
    "await myko.query('ListWarehouses');",
    'return bomb;',
  ].join('\n');

/** How long the honest client checks during the flood, at least: several bombs' time limits. */
const FLOOD_MS = 10_000;
/** Bombs the flooding client keeps sent at once. */
const FLOOD_BOMBS = 4;

/**
 * An honest client's one-read checks, one after another: alone, then while another client keeps `FLOOD_BOMBS`
 * type bombs sent (each a new script, cut at the 2 s limit). The server's default pool and limits.
 */
async function checkFlood(app, count) {
  const search = app.get(OperationSearchService);
  const checker = new ScriptTypeChecker(app.get(OperationRegistry), undefined, { entries: 0, chars: 0 });
  const as = ClientFilters.ALLOW_ALL;
  let n = 0;
  const check = (code, client) => checker.check(code, 'strict', as, new ScriptDiscovery(search, as), false, client);
  const honest = async (minMs) => {
    const samples = [];
    const started = performance.now();
    while (samples.length < count || performance.now() - started < minMs) {
      const start = performance.now();
      const outcome = await check(oneRead(++n), 'honest');
      samples.push(performance.now() - start);
      if (outcome.refused) throw new Error(`honest check refused: ${JSON.stringify(outcome)}`);
    }
    return samples;
  };
  try {
    await checker.warm(true);
    await honest(0);
    const alone = await honest(0);
    let flooding = true;
    const outcomes = [];
    const bomber = async () => {
      while (flooding) outcomes.push(await check(typeBomb(++n), 'bomber'));
    };
    const flood = Array.from({ length: FLOOD_BOMBS }, bomber);
    const during = await honest(FLOOD_MS);
    flooding = false;
    await Promise.all(flood);
    return { alone, during, bombs: outcomes.length, judged: outcomes.filter((o) => !o.unjudged).length };
  } finally {
    await checker.close();
  }
}

function floodRow({ alone, during, bombs, judged }) {
  return row({
    id: 'type-check.flood',
    benchmark: 'type check: honest checks during a type-bomb flood',
    measures: `one-read checks of one client while another keeps ${FLOOD_BOMBS} type bombs sent (2 s limit each)`,
    subject: during,
    baseline: { label: 'the same client alone', samples: alone },
    note: `${bombs} bombs sent, ${judged} judged (the rest refused unrun)`,
  });
}

function caughtRows(verdicts) {
  const kinds = [...new Set(FAULTY.map((entry) => entry.kind))];
  const rows = kinds.map((kind) => {
    const of = FAULTY.filter((entry) => entry.kind === kind);
    const caught = of.filter((entry) => stoppedAtLine(verdicts.get(entry), entry.line)).length;
    return row({
      id: `type-check.caught.${kind}`,
      benchmark: `type check: caught, ${kind}`,
      measures: `faulty scripts of this kind stopped before any command ran, at the expected line (of ${of.length})`,
      unit: 'count',
      subject: caught,
    });
  });
  const caught = FAULTY.filter((entry) => stoppedAtLine(verdicts.get(entry), entry.line)).length;
  const refused = VALID.filter((entry) => verdicts.get(entry).refused).length;
  rows.push(
    row({
      id: 'type-check.caught',
      benchmark: 'type check: faulty caught',
      measures: `faulty corpus scripts stopped at their line, of ${FAULTY.length} (target ≥ 90 %)`,
      unit: 'count',
      subject: caught,
      note: `${((100 * caught) / FAULTY.length).toFixed(1)} %`,
    }),
    row({
      id: 'type-check.fix-taught',
      benchmark: 'type check: fix taught',
      measures: `faulty corpus refusals that contain the fix (the member, argument, value or id that exists), of ${FAULTY.length}`,
      unit: 'count',
      subject: FAULTY.filter((entry) => taught(verdicts.get(entry), entry.fix)).length,
    }),
    row({
      id: 'type-check.valid-refused',
      benchmark: 'type check: valid refused',
      measures: `valid corpus scripts refused, of ${VALID.length}, ${VALID.filter((e) => (e.name ?? '').startsWith('idiom hedge')).length} of them hedges (target 0)`,
      unit: 'count',
      subject: refused,
    }),
  );
  return rows;
}

function taught(outcome, fix) {
  return (
    outcome.refused &&
    outcome.diagnostics
      .map((d) => d.message)
      .join('\n')
      .includes(fix)
  );
}

function stoppedAtLine(outcome, line) {
  return outcome.refused && outcome.diagnostics.some((d) => d.line === line);
}

/** `tools/call execute` of a script on a dispatch: `code`, or `code(n)` for the n-th call. */
function trivialExecute(app, code = TRIVIAL, expected = '2') {
  const dispatch = app.get(DispatchService);
  const client = { transport: 'internal', sessionId: 'bench', filters: ClientFilters.ALLOW_ALL };
  let id = 1;
  return async () => {
    const params = { name: 'execute', arguments: { code: typeof code === 'function' ? code(id) : code } };
    const { result } = await dispatch.handle({ jsonrpc: '2.0', id: id++, method: 'tools/call', params }, client);
    if (result.content[0].text !== expected) throw new Error(`unexpected execute result ${JSON.stringify(result)}`);
  };
}

module.exports = {
  title: 'execute: type check',
  async run(ctx) {
    const rows = [];
    const rounds = ctx.iterations(5);
    ctx.log(`example plugins: the corpus (${VALID.length} valid, ${FAULTY.length} faulty) × ${rounds}, warm`);
    const examples = await exampleApp('strict');
    const off = await exampleApp('off');
    try {
      ctx.log(`an honest client's checks alone, then during a flood of type bombs from another (${FLOOD_MS} ms)`);
      rows.push(floodRow(await checkFlood(examples, ctx.iterations(100))));
      const small = await checkCorpus(examples, rounds);
      rows.push(latencyRow('examples', `${small.operations} operations (example plugins)`, small.samples));
      rows.push(...caughtRows(small.verdicts));
      ctx.log('trivial execute, checking strict vs off, interleaved');
      const samples = await interleave(
        { on: trivialExecute(examples), off: trivialExecute(off) },
        { iterations: ctx.iterations(300) },
      );
      rows.push(
        row({
          id: 'type-check.trivial-execute',
          benchmark: 'type check: trivial execute on vs off',
          measures: "tools/call execute of `return 1 + 1` with typeCheck 'strict', vs 'off' (target ratio ≤ 1.10)",
          subject: samples.on,
          baseline: { label: "typeCheck 'off'", samples: samples.off },
          paired: true,
        }),
      );
      ctx.log('one-read execute, checking strict vs off, interleaved: a new script each time, and one script again');
      const read = await interleave(
        {
          on: trivialExecute(examples, oneRead, '4'),
          again: trivialExecute(examples, oneRead(0), '4'),
          off: trivialExecute(off, oneRead, '4'),
        },
        { iterations: ctx.iterations(100) },
      );
      rows.push(
        row({
          id: 'type-check.one-read-execute',
          benchmark: 'type check: one-read execute on vs off',
          measures:
            "tools/call execute of one typed read (`ListWarehouses`), a new script each call, typeCheck 'strict' vs 'off'",
          subject: read.on,
          baseline: { label: "typeCheck 'off'", samples: read.off },
          paired: true,
        }),
        row({
          id: 'type-check.one-read-execute-again',
          benchmark: 'type check: the same one-read execute again, on vs off',
          measures: "the same script every call (its verdict kept), typeCheck 'strict' vs 'off'",
          subject: read.again,
          baseline: { label: "typeCheck 'off'", samples: read.off },
          paired: true,
        }),
      );
    } finally {
      await examples.close();
      await off.close();
    }
    ctx.log(`the example plugins beside ${OPERATIONS.toLocaleString('en-US')} synthetic operations`);
    const large = await exampleApp('strict', OPERATIONS);
    try {
      const big = await checkCorpus(large, rounds);
      rows.push(latencyRow('synthetic', `${big.operations.toLocaleString('en-US')} operations`, big.samples));
    } finally {
      await large.close();
    }
    return rows;
  },
};

function latencyRow(id, operations, samples) {
  return row({
    id: `type-check.latency.${id}`,
    benchmark: `type check: latency, ${operations}`,
    measures:
      'one check of a corpus script (discovery, declarations, the worker round trip), warm (target p50 ≤ 50 ms)',
    subject: samples,
  });
}
