/**
 * What resuming a paused execution costs (issue 42): a script making N `myko.*` calls (a trivial query) then a
 * command that needs approval, run by a client that cannot approve (it pauses before the command); the operator's
 * approve (`ExecutionDecisions.approve`, what the admin API calls) then loads the record, runs the script again with
 * its journal answering the N calls, runs the command and stores the record. Timed: the approve only, against a
 * fresh run of the same script by a client the command is not gated for (the N calls and the command run for real),
 * in the same process, interleaved pair by pair (paired ratio). N = 10 and 199 (a run makes at most 200 calls).
 */
const { createDispatchContext } = require('../lib/dispatch-context');
const { load } = require('../lib/dist');
const { ECHO, EchoArgs } = require('../lib/echo-operation');
const { row } = require('../lib/report');
const { timeAsync } = require('../lib/timing');

const { ExecutionDecisions } = load('libs/dispatch/src');
const { ClientFilters } = load('libs/filter/src');

/** The second stays under the 200-call cap of a run with its command (199 + 1). */
const SIZES = [10, 199];
const GATED = ClientFilters.from({ approval: ['command_Touch'] }, 'bench');

let touched = 0;
const OPERATIONS = [
  ECHO,
  {
    kind: 'command',
    id: 'Touch',
    description: 'Counts its calls: the command a resume runs once approved.',
    args: EchoArgs,
    handler: () => ({ touched: ++touched }),
    source: 'bench',
  },
];

const script = (calls) =>
  `let sum = 0;\nfor (let i = 0; i < ${calls}; i++) sum += (await myko.query('Echo', { n: i })).n;\n` +
  `await myko.command('Touch', {});\nreturn sum;`;
const expected = (calls) => String((calls * (calls - 1)) / 2);

/** Runs the script as a client that cannot approve Touch: resolves the paused execution's id. */
async function paused(app, calls) {
  const result = await app.requestAs({ filters: GATED }, 'tools/call', {
    name: 'execute',
    arguments: { code: script(calls) },
  });
  const execution = result.structuredContent?.execution;
  if (execution?.state !== 'paused') throw new Error(`not paused: ${JSON.stringify(result)}`);
  return execution.id;
}

async function approve(decisions, id, calls) {
  const { execution, result } = await decisions.approve(id, 'bench-operator', () => GATED);
  if (execution.state !== 'completed' || result.content[0].text !== expected(calls)) {
    throw new Error(`resume did not complete: ${JSON.stringify({ state: execution.state, result })}`);
  }
}

async function fresh(app, calls) {
  const result = await app.callTool('execute', { code: script(calls) });
  if (result.content[0].text !== expected(calls)) throw new Error(`unexpected result ${JSON.stringify(result)}`);
}

/** `iterations` pairs (after a tenth as warm-up), the order alternating so drift hits both alike. */
async function measure(app, decisions, calls, iterations) {
  const samples = { resume: [], fresh: [] };
  const warmup = Math.ceil(iterations / 10);
  for (let i = 0; i < warmup + iterations; i++) {
    const id = await paused(app, calls);
    const resume = await timeAsync(() => approve(decisions, id, calls));
    const baseline = await timeAsync(() => fresh(app, calls));
    if (i < warmup) continue;
    samples.resume.push(resume);
    samples.fresh.push(baseline);
  }
  return samples;
}

module.exports = {
  title: 'execute: resume of a paused execution vs a fresh run',
  async run(ctx) {
    const app = await createDispatchContext({ operations: OPERATIONS });
    const decisions = app.app.get(ExecutionDecisions);
    try {
      const rows = [];
      for (const calls of SIZES) {
        ctx.log(`${calls} calls then a gated command: operator approve (replay + command) vs a fresh run`);
        const samples = await measure(app, decisions, calls, ctx.iterations(calls > 50 ? 40 : 100));
        rows.push(
          row({
            id: `resume.replay-${calls}`,
            benchmark: `resume: ${calls} journaled calls + 1 command`,
            measures: `operator approve of a paused execute (load, replay of ${calls} journaled myko.query calls, the approved command, store) vs a fresh run of the same script`,
            subject: samples.resume,
            baseline: { label: 'fresh run', samples: samples.fresh },
            paired: true,
          }),
        );
      }
      return rows;
    } finally {
      await app.close();
    }
  },
};
