/**
 * Runs the hostile client in a process of its own, as a real attacker is: parsing its 1 MB answers and
 * console floods then costs the attacker's event loop, not the one timing the honest clients. In this
 * process (`fork`ed with `--hostile-child`) it attacks until `stopAt` and sends back its tally; in the
 * parent, `runHostileProcess` resolves that tally in the shape `hostile-client.js` records.
 */
const { fork } = require('node:child_process');
const { runHostileClient } = require('./hostile-client');

const CHILD_FLAG = '--hostile-child';

/** The tally as plain JSON (its Maps as entry lists). */
function toWire(tally) {
  const byAttack = [...tally.byAttack].map(([name, e]) => [name, { ...e, outcomes: [...e.outcomes] }]);
  const { user, system } = process.cpuUsage();
  return { byAttack, escapes: tally.escapes, protocolErrors: tally.protocolErrors, cpuMs: (user + system) / 1000 };
}

function fromWire(wire) {
  const byAttack = new Map(wire.byAttack.map(([name, e]) => [name, { ...e, outcomes: new Map(e.outcomes) }]));
  const runs = [...byAttack.values()].reduce((sum, a) => sum + a.runs, 0);
  return { byAttack, escapes: wire.escapes, protocolErrors: wire.protocolErrors, runs, cpuMs: wire.cpuMs };
}

/**
 * @param {{ port: number, dir: string }} server
 * @param {{ stopAt: number, edge: boolean, attacks?: string, keyName?: string, oneConversation?: boolean }} options
 * `attacks`: comma-separated parts of attack names to run (all when absent); `keyName`, `oneConversation`: see
 * `runHostileClient`
 */
function runHostileProcess(server, options) {
  const child = fork(__filename, [CHILD_FLAG, JSON.stringify({ server, ...options })], {
    execArgv: ['--no-node-snapshot'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let tally;
    child.once('message', (wire) => {
      tally = fromWire(wire);
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      tally ? resolve(tally) : reject(new Error(`the hostile client process exited with ${code} before its tally`)),
    );
  });
}

async function childMain(argument) {
  const { server, stopAt, edge, attacks, keyName, oneConversation } = JSON.parse(argument);
  const only = attacks ? attacks.split(',').map((part) => part.trim().toLowerCase()) : undefined;
  const options = { edge, only, keyName, oneConversation };
  const tally = await runHostileClient(server, () => Date.now() >= stopAt, options);
  process.send(toWire(tally), () => process.disconnect());
}

if (process.argv[2] === CHILD_FLAG) {
  childMain(process.argv[3]).catch((error) => {
    process.stderr.write(`hostile client: ${error.stack ?? error}\n`);
    process.exitCode = 1;
  });
}

module.exports = { runHostileProcess };
