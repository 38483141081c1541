/**
 * The suites' round-robin proxy (test/helpers/round-robin.proxy.js) in its own process, so that a load
 * generator in the parent does not share its event loop. Usage: node proxy-child.js <upstream origin>…
 * Reports `{ type: 'listening', port }`.
 */
const { startRoundRobinProxy } = require('../../test/helpers/round-robin.proxy');

startRoundRobinProxy(process.argv.slice(2)).then(
  (proxy) => {
    process.send({ type: 'listening', port: Number(new URL(proxy.origin).port) });
    process.on('message', async (message) => {
      if (message?.type !== 'close') return;
      await proxy.close();
      process.exit(0);
    });
  },
  (error) => {
    process.send?.({ type: 'error', message: String(error?.stack ?? error) });
    process.exit(1);
  },
);
