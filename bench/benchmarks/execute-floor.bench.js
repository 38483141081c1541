/**
 * The cost of a trivial `execute` (`return 1 + 1`), isolate creation included, against two floors
 * measured in the same run: a bare `node:vm` run of the same code in a new context, and a bare
 * isolated-vm isolate (create, context, eval, dispose), which is what a fresh isolate per run costs.
 * The service runs with its defaults (process isolation, a warm pool of pre-created isolates).
 */
const vm = require('node:vm');
const ivm = require('isolated-vm');
const { load } = require('../lib/dist');
const { createDispatchContext } = require('../lib/dispatch-context');
const { row } = require('../lib/report');
const { interleave, timeAsync } = require('../lib/timing');

const { DEFAULT_SANDBOX_OPTIONS, SandboxService } = load('libs/sandbox/src');

const CODE = 'return 1 + 1';
const NO_OPERATIONS = { call: async () => 'null' };

/** What the sandbox does at the least: the code as an async function body in a new context. */
async function nodeVm() {
  return JSON.stringify(await vm.runInNewContext(`(async function () {\n${CODE}\n})()`));
}

/** A fresh isolate with one context, one evaluation, disposed: the isolate-creation floor. */
async function bareIsolate() {
  const isolate = new ivm.Isolate({ memoryLimit: DEFAULT_SANDBOX_OPTIONS.memoryMb });
  try {
    const context = await isolate.createContext();
    return await context.eval('1 + 1');
  } finally {
    isolate.dispose();
  }
}

async function sandboxRun(sandbox) {
  const result = await sandbox.run({ code: CODE, bridge: NO_OPERATIONS });
  if (!result.ok || result.resultJson !== '2') throw new Error(`unexpected run result ${JSON.stringify(result)}`);
}

module.exports = {
  title: 'execute: trivial script vs floors',
  async run(ctx) {
    const app = await createDispatchContext();
    const executeCall = async () => {
      const result = await app.callTool('execute', { code: CODE });
      if (result.content[0].text !== '2') throw new Error(`unexpected execute result ${JSON.stringify(result)}`);
    };
    try {
      ctx.log('node:vm, bare isolate and SandboxService.run, interleaved');
      const samples = await interleave(
        { vm: nodeVm, isolate: bareIsolate, sandbox: () => sandboxRun(app.sandbox) },
        { iterations: ctx.iterations(300) },
      );
      // Apart from the SandboxService.run samples, so that each run finds the warm pool refilled as a client's would.
      ctx.log('tools/call execute and the bare isolate, interleaved');
      const viaDispatch = await interleave(
        { isolate: bareIsolate, dispatch: executeCall },
        { iterations: ctx.iterations(300) },
      );
      ctx.log('SandboxService.run with in-process isolation');
      const inProcess = await warmPoolSamples(ctx.iterations(200));
      const { isolation, warmPool } = app.sandbox.options;
      const sandbox = `SandboxService.run of \`return 1 + 1\` (defaults: ${isolation} isolation, warmPool ${warmPool})`;
      return [
        row({
          id: 'execute.vs-node-vm',
          benchmark: 'execute: trivial vs node:vm',
          measures: `${sandbox}, vs vm.runInNewContext of the same code`,
          subject: samples.sandbox,
          baseline: { label: 'node:vm new context', samples: samples.vm },
        }),
        row({
          id: 'execute.vs-bare-isolate',
          benchmark: 'execute: trivial vs bare isolate',
          measures: `${sandbox}, vs new ivm.Isolate + createContext + eval + dispose`,
          subject: samples.sandbox,
          baseline: { label: 'bare isolated-vm', samples: samples.isolate },
        }),
        row({
          id: 'execute.tools-call',
          benchmark: 'execute: tools/call vs bare isolate',
          measures: 'DispatchService.handle of tools/call execute (`return 1 + 1`): arguments, bridge, run, result',
          subject: viaDispatch.dispatch,
          baseline: { label: 'bare isolated-vm', samples: viaDispatch.isolate },
        }),
        row({
          id: 'execute.in-process',
          benchmark: 'execute: in-process isolation',
          measures: "SandboxService.run with isolation: 'in-process', warmPool 1 (5 ms idle between runs to refill it)",
          subject: inProcess,
          baseline: { label: 'bare isolated-vm', samples: samples.isolate },
        }),
      ];
    } finally {
      await app.close();
    }
  },
};

async function warmPoolSamples(iterations) {
  const sandbox = new SandboxService({ warmPool: 1, isolation: 'in-process' });
  try {
    const samples = [];
    for (let i = 0; i < iterations; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const duration = await timeAsync(() => sandboxRun(sandbox));
      if (i >= Math.ceil(iterations / 10)) samples.push(duration);
    }
    return samples;
  } finally {
    await sandbox.onApplicationShutdown();
  }
}
