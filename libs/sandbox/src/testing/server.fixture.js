// A server process for process/sandbox-process.pool.spec.ts: starts two sandbox processes, runs once, prints
// their ids, then ends as argv[2] says. `close`: shuts the pool down and lets Node exit by itself once nothing
// is left to do (the shutdown must complete first). `kill`: dies by SIGKILL with no chance to clean up (the
// sandbox processes must end by themselves).
require('../host/ts-register.js');
const { SandboxProcessPool } = require('../process/sandbox-process.pool');
const { resolveSandboxOptions } = require('../sandbox-options.resolver');

const report = (label, value, then) => process.stdout.write(`${label} ${JSON.stringify(value)}\n`, then);

async function main(ending) {
  const pool = new SandboxProcessPool(resolveSandboxOptions({ processes: 2 }), { error() {}, warn() {} });
  await pool.start();
  const result = await pool.run({ code: 'return 1', bridge: { call: async () => 'null' } }, 5_000);
  const pids = pool.status().processes.map((sandbox) => sandbox.pid);
  if (ending === 'kill') {
    report('RESULT', { ok: result.ok, pids }, () => process.kill(process.pid, 'SIGKILL'));
    return;
  }
  report('RESULT', { ok: result.ok, pids });
  await pool.close();
  report('CLOSED', { processes: pool.status().processes });
}

main(process.argv[2]).catch((error) => {
  report('RESULT', { error: String(error) });
  process.exitCode = 1;
});
