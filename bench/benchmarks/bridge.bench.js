/**
 * Per-call cost of a `myko.*` call inside `execute`: a script making 200 calls to a trivial operation
 * against the same script making one, (t200 − t1) / 199 per interleaved pair, against a direct
 * in-process OperationInvoker.invoke of the same operation (validation + handler). A second row
 * isolates the sandbox crossing: the same scripts on SandboxService.run with a no-op bridge.
 */
const { createDispatchContext } = require('../lib/dispatch-context');
const { ECHO, echoScript: script, echoSum: expected } = require('../lib/echo-operation');
const { row } = require('../lib/report');
const { interleave } = require('../lib/timing');

const CALLS = 200;

/** Per pair: (t_many − t_one) / (many − 1). */
function perCall(many, one) {
  return many.map((t, i) => (t - one[i]) / (CALLS - 1));
}

module.exports = {
  title: 'execute: per-call bridge cost',
  async run(ctx) {
    const app = await createDispatchContext({ operations: [ECHO] });
    const execute = (calls) => async () => {
      const result = await app.callTool('execute', { code: script(calls) });
      if (result.content[0].text !== expected(calls)) throw new Error(`unexpected result ${JSON.stringify(result)}`);
    };
    const noopBridge = { call: async (_kind, _id, argsJson) => `{"n":${JSON.parse(argsJson).n}}` };
    const sandboxRun = (calls) => async () => {
      const result = await app.sandbox.run({ code: script(calls), bridge: noopBridge });
      if (!result.ok || result.resultJson !== expected(calls))
        throw new Error(`unexpected run ${JSON.stringify(result)}`);
    };
    const operationContext = {
      client: { transport: 'internal', sessionId: 'bench' },
      signal: new AbortController().signal,
      log: { debug() {}, info() {}, warn() {}, error() {} },
      progress() {},
    };
    const invoke = () => app.invoker.invoke('query_Echo', { n: 1 }, operationContext);
    try {
      ctx.log(`execute with ${CALLS} calls vs 1 call (tools/call, in-process), and OperationInvoker.invoke`);
      const viaDispatch = await interleave(
        { many: execute(CALLS), one: execute(1) },
        { iterations: ctx.iterations(60) },
      );
      const direct = await interleave({ invoke }, { iterations: ctx.iterations(5000), block: 500 });
      ctx.log('the same scripts on SandboxService.run with a no-op bridge');
      const crossing = await interleave(
        { many: sandboxRun(CALLS), one: sandboxRun(1) },
        { iterations: ctx.iterations(60) },
      );
      return [
        row({
          id: 'bridge.per-call',
          benchmark: 'bridge: per myko.* call',
          measures: `(t${CALLS} − t1)/${CALLS - 1} of tools/call execute: crossing, visibility, callability, validation, invoke`,
          subject: perCall(viaDispatch.many, viaDispatch.one),
          baseline: { label: 'OperationInvoker.invoke', samples: direct.invoke },
        }),
        row({
          id: 'bridge.crossing',
          benchmark: 'bridge: isolate crossing only',
          measures: `(t${CALLS} − t1)/${CALLS - 1} of SandboxService.run with a no-op bridge (no checks, no operation)`,
          subject: perCall(crossing.many, crossing.one),
          baseline: { label: 'OperationInvoker.invoke', samples: direct.invoke },
        }),
        row({
          id: 'bridge.script-200',
          benchmark: `bridge: script of ${CALLS} calls`,
          measures: `one tools/call execute making ${CALLS} myko.query calls, vs one making 1`,
          subject: viaDispatch.many,
          baseline: { label: '1 call', samples: viaDispatch.one },
        }),
      ];
    } finally {
      await app.close();
    }
  },
};
