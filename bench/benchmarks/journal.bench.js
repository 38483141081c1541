/**
 * What the execution journal costs a run (issue 42): a `tools/call execute` making 10, then 200 `myko.*` calls
 * (a trivial query) with the journal on (each call recorded with its arguments, result and digest; the record
 * written to the state store at the run's end) vs the same script on a context whose journal is off (the
 * bench-only `execute.journaling: false`), in the same process, interleaved call by call (paired ratio).
 * Target: ≤ 1.10× on both.
 */
const { createDispatchContext } = require('../lib/dispatch-context');
const { ECHO, echoScript: script, echoSum: expected } = require('../lib/echo-operation');
const { row } = require('../lib/report');
const { interleave } = require('../lib/timing');

const SIZES = [10, 200];

/** One execute of `calls` calls; `journaled` says whether its answer must carry an execution (the journal on). */
const execute = (app, calls, journaled) => async () => {
  const result = await app.callTool('execute', { code: script(calls) });
  if (result.content[0].text !== expected(calls)) throw new Error(`unexpected result ${JSON.stringify(result)}`);
  if (Boolean(result._meta?.execution) !== journaled) throw new Error(`journal ${journaled ? 'off' : 'on'}`);
};

module.exports = {
  title: 'execute: execution journal on vs off',
  async run(ctx) {
    const [on, off] = await Promise.all([
      createDispatchContext({ operations: [ECHO] }),
      createDispatchContext({ operations: [ECHO], dispatch: { execute: { journaling: false } } }),
    ]);
    try {
      const rows = [];
      for (const calls of SIZES) {
        ctx.log(`execute with ${calls} calls, journal on vs off (tools/call, in-process, interleaved)`);
        const samples = await interleave(
          { on: execute(on, calls, true), off: execute(off, calls, false) },
          { iterations: ctx.iterations(calls > 50 ? 60 : 200), deadlineMs: 20_000 },
        );
        rows.push(
          row({
            id: `journal.script-${calls}`,
            benchmark: `journal: script of ${calls} calls`,
            measures: `one tools/call execute making ${calls} myko.query calls, each journaled and the record stored, vs the journal off`,
            subject: samples.on,
            baseline: { label: 'journal off', samples: samples.off },
            paired: true,
          }),
        );
      }
      return rows;
    } finally {
      await Promise.all([on.close(), off.close()]);
    }
  },
};
