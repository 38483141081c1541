/**
 * The cost of a trivial `execute` (`return 1 + 1`), isolate creation included, against two floors
 * measured in the same run: a bare `node:vm` run of the same code in a new context, and a bare
 * isolated-vm isolate (create, context, eval, dispose), which is what a fresh isolate per run costs.
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
      ctx.log('node:vm, bare isolate, SandboxService.run and tools/call execute, interleaved');
      const samples = await interleave(
        { vm: nodeVm, isolate: bareIsolate, sandbox: () => sandboxRun(app.sandbox), dispatch: executeCall },
        { iterations: ctx.iterations(300) },
      );
      ctx.log('SandboxService.run with a warm pool of 1');
      const warm = await warmPoolSamples(ctx.iterations(200));
      const sandbox = 'SandboxService.run of `return 1 + 1`, fresh isolate per run';
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
          benchmark: 'execute: tools/call in-process',
          measures: 'DispatchService.handle of tools/call execute (`return 1 + 1`), vs SandboxService.run alone',
          subject: samples.dispatch,
          baseline: { label: 'SandboxService.run', samples: samples.sandbox },
        }),
        row({
          id: 'execute.warm-pool',
          benchmark: 'execute: trivial, warmPool 1',
          measures: 'SandboxService.run with one pre-created isolate (5 ms idle between runs to refill it)',
          subject: warm,
          baseline: { label: 'bare isolated-vm', samples: samples.isolate },
        }),
      ];
    } finally {
      await app.close();
    }
  },
};

async function warmPoolSamples(iterations) {
  const sandbox = new SandboxService({ warmPool: 1 });
  try {
    const samples = [];
    for (let i = 0; i < iterations; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const duration = await timeAsync(() => sandboxRun(sandbox));
      if (i >= Math.ceil(iterations / 10)) samples.push(duration);
    }
    return samples;
  } finally {
    await sandbox.onModuleDestroy();
  }
}
