/** Starts a benchmark server (see server-child.js) in a child process and talks to it over IPC. */
const { fork } = require('node:child_process');
const { join } = require('node:path');

/**
 * @param {'myko' | 'raw-http' | 'raw-ws' | 'sdk-mcp' | 'bare-dispatch'} kind
 * @param {object} options passed to the server's `start()`
 * @returns {Promise<{ port: number, pid: number, memory(): Promise<object>, cpuMicros(): Promise<number>, sandbox(): Promise<object>,
 *   roundTrips(): Promise<number>, close(): Promise<void> }>}
 */
function startServerProcess(kind, options = {}) {
  const child = fork(join(__dirname, 'server-child.js'), [kind, JSON.stringify(options)], {
    execArgv: ['--no-node-snapshot', '--expose-gc'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const next = (type) =>
    new Promise((resolve, reject) => {
      const onMessage = (message) => {
        if (message?.type === 'error') reject(new Error(`${kind} server: ${message.message}`));
        else if (message?.type === type) resolve(message);
        else return;
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      const onExit = (code) => reject(new Error(`${kind} server exited with ${code}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  return next('listening').then(({ port }) => ({
    port,
    pid: child.pid,
    memory: () => {
      const reply = next('memory');
      child.send({ type: 'memory' });
      return reply;
    },
    cpuMicros: () => {
      const reply = next('cpu');
      child.send({ type: 'cpu' });
      return reply.then((message) => message.micros);
    },
    roundTrips: () => {
      const reply = next('round-trips');
      child.send({ type: 'round-trips' });
      return reply.then((message) => message.count);
    },
    sandbox: () => {
      const reply = next('sandbox');
      child.send({ type: 'sandbox' });
      return reply.then((message) => message.status);
    },
    close: () =>
      new Promise((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.send({ type: 'close' });
      }),
  }));
}

module.exports = { startServerProcess };
