/**
 * The hostile client: two loops at once, until told to stop. One HTTP session sends the resource attacks
 * (infinite loop, memory bombs), which soon earn it the execute abuse backoff and its refusals; one
 * WebSocket sends every other attack (escape probes, pollution, console and call floods), which stop at
 * their own limits without tripping the backoff, so every escape attempt really runs; a third loop attacks
 * the edge (session and socket exhaustion, replay memory, malformed patterns; `hostile-edge.js`). Records how
 * each ended.
 */
const { ATTACKS, escapeEvidence, hostMarkers } = require('./hostile-attacks');
const { EDGE_ATTACKS, edgeAttackLoop } = require('./hostile-edge');
const { toolErrorKind } = require('./json-rpc-answer');
const { HOSTILE, authHeaders } = require('./client-keys');
const { HttpSession } = require('./http-session');
const { WsSession } = require('./ws-session');

class HostileTally {
  constructor() {
    /** @type {Map<string, { runs: number, outcomes: Map<string, number>, unexpected: number, maxMs: number }>} */
    this.byAttack = new Map(
      [...ATTACKS, ...EDGE_ATTACKS].map((a) => [a.name, { runs: 0, outcomes: new Map(), unexpected: 0, maxMs: 0 }]),
    );
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

/** How the abuse backoff's refusal reads (`toolErrorKind`). */
const COOLDOWN_REFUSAL = 'Execution refused';

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
  const kind = result.isError ? toolErrorKind(result) : undefined;
  const outcome = kind ? `error: ${kind}` : 'result';
  // Refused by the abuse backoff (the client's cooldown): the defence working, not a run that ended wrong.
  const refused = kind === COOLDOWN_REFUSAL;
  const unexpected =
    !refused && ((attack.expect === 'error' && !kind) || (attack.expect === 'ok' && kind !== undefined));
  tally.record(attack, outcome, ms, unexpected);
}

/** The attacks that end at the CPU-time or memory limit: the ones the abuse backoff counts. */
const RESOURCE_ATTACKS = new Set(['infinite loop', 'memory bomb: growing arrays', 'memory bomb: growing strings']);

async function attackLoop(session, attacks, tally, markers, shouldStop) {
  if (attacks.length === 0) return;
  for (let turn = 0; !shouldStop(); turn++) await attackOnce(session, attacks[turn % attacks.length], tally, markers);
}

/**
 * Opens both sessions and attacks until `shouldStop()` (the edge too, unless `edge` is false); resolves the
 * tally. `only`: lowercase parts of attack names; when given, only the attacks whose name holds one run.
 * `keyName`: the key it holds (default its own); `oneConversation`: every chosen attack in turn on one HTTP
 * session, no edge attacks (one misbehaving conversation of a tenant).
 */
async function runHostileClient(server, shouldStop, { edge = true, only, keyName = HOSTILE, oneConversation } = {}) {
  const tally = new HostileTally();
  const chosen = (attack) => !only || only.some((part) => attack.name.toLowerCase().includes(part));
  const markers = hostMarkers(server.dir);
  if (oneConversation) {
    const session = await new HttpSession(server.port, HOSTILE, authHeaders(keyName)).open();
    try {
      await attackLoop(session, ATTACKS.filter(chosen), tally, markers, shouldStop);
    } finally {
      session.close();
    }
    return tally;
  }
  const resourceSession = await new HttpSession(server.port, HOSTILE, authHeaders(keyName)).open();
  const probeSession = await new WsSession(server.port, HOSTILE, authHeaders(keyName)).open();
  try {
    await Promise.all([
      attackLoop(
        resourceSession,
        ATTACKS.filter((a) => RESOURCE_ATTACKS.has(a.name) && chosen(a)),
        tally,
        markers,
        shouldStop,
      ),
      attackLoop(
        probeSession,
        ATTACKS.filter((a) => !RESOURCE_ATTACKS.has(a.name) && chosen(a)),
        tally,
        markers,
        shouldStop,
      ),
      edge ? edgeAttackLoop(server.port, tally, shouldStop, only) : undefined,
    ]);
  } finally {
    resourceSession.close();
    probeSession.close();
  }
  return tally;
}

module.exports = { runHostileClient };
