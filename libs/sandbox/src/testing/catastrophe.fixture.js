// Child-process fixture for sandbox-catastrophe.spec.ts: V8 loses an isolate here, and isolated-vm then keeps
// the event loop alive for good, so this process reports and exits on its own instead of hanging jest.
const { transformFileSync } = require('@swc/core');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformFileSync(filename, {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

const { SandboxService } = require('../sandbox.service');

async function main() {
  const sandbox = new SandboxService({
    isolation: 'in-process',
    warmPool: 0,
    memoryMb: 64,
    cpuTimeMs: 20_000,
    wallTimeMs: 20_000,
  });
  const bridge = { call: async () => 'null' };
  const started = Date.now();
  const bomb = await sandbox.run({
    code: 'const a = new Array(2 ** 26).fill(1);\nreturn a.concat(a, a, a).length;',
    bridge,
  });
  const bombMs = Date.now() - started;
  const after = await sandbox.run({ code: 'return 1', bridge });
  process.stdout.write(`\nRESULT ${JSON.stringify({ bomb, bombMs, after, status: sandbox.status() })}\n`);
  process.exit(0);
}

main().catch((error) => {
  process.stdout.write(`\nRESULT ${JSON.stringify({ error: String(error) })}\n`);
  process.exit(1);
});
