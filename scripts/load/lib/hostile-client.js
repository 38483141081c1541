/**
 * The hostile client: one HTTP session and one WebSocket, taking turns, sending the attacks of
 * hostile-attacks.js one after the other, round after round, until told to stop. Records how each ended.
 */
const { ATTACKS, escapeEvidence, hostMarkers } = require('./hostile-attacks');
const { toolErrorKind } = require('./json-rpc-answer');
const { HttpSession } = require('./http-session');
const { WsSession } = require('./ws-session');

class HostileTally {
  constructor() {
    /** @type {Map<string, { runs: number, outcomes: Map<string, number>, unexpected: number, maxMs: number }>} */
    this.byAttack = new Map(ATTACKS.map((a) => [a.name, { runs: 0, outcomes: new Map(), unexpected: 0, maxMs: 0 }]));
    this.escapes = [];
    this.protocolErrors = [];
  }

  get runs() {
    return [...this.byAttack.values()].reduce((sum, a) => sum + a.runs, 0);
  }

  record(attack, outcome, ms, unexpected) {
    const entry = this.byAttack.get(attack.name);
    entry.runs++;
    entry.outcomes.set(outcome, (entry.outcomes.get(outcome) ?? 0) + 1);
    if (unexpected) entry.unexpected++;
    entry.maxMs = Math.max(entry.maxMs, ms);
  }
}

/** One attack: sends it, judges the answer, records it. */
async function attackOnce(session, attack, tally, markers) {
  const started = performance.now();
  let result;
  try {
    result = await session.request('tools/call', { name: 'execute', arguments: { code: attack.code } });
  } catch (error) {
    tally.protocolErrors.push(`${attack.name}@${session.transport}: ${error.message}`);
    tally.record(attack, 'protocol error', performance.now() - started, true);
    return;
  }
  const ms = performance.now() - started;
  const blocks = (result.content ?? []).map((block) => block.text ?? '');
  const evidence = escapeEvidence(blocks, result.isError === true, markers);
  if (evidence) tally.escapes.push(`${attack.name}: ${evidence}: ${blocks.join(' | ').slice(0, 400)}`);
  const outcome = result.isError ? `error: ${toolErrorKind(result)}` : 'result';
  const unexpected = (attack.expect === 'error' && !result.isError) || (attack.expect === 'ok' && result.isError);
  tally.record(attack, outcome, ms, unexpected);
}

/** Opens both sessions and attacks until `shouldStop()`; resolves the tally. */
async function runHostileClient(server, shouldStop) {
  const tally = new HostileTally();
  const markers = hostMarkers(server.dir);
  const sessions = [
    await new HttpSession(server.port, 'load-hostile').open(),
    await new WsSession(server.port, 'load-hostile').open(),
  ];
  try {
    for (let turn = 0; !shouldStop(); turn++) {
      const attack = ATTACKS[turn % ATTACKS.length];
      await attackOnce(sessions[Math.floor(turn / ATTACKS.length) % 2], attack, tally, markers);
    }
  } finally {
    for (const session of sessions) session.close();
  }
  return tally;
}

module.exports = { runHostileClient };
