/**
 * One honest client: opens its session (HTTP or WebSocket), discovers the tools and resources, then loops
 * closed: think, send the next request of the mix, wait for its answer, record it.
 */
const { authHeaders, honestName } = require('./client-keys');
const { discover } = require('./discovery');
const { nextRequest } = require('./honest-mix');
const { HttpSession } = require('./http-session');
const { WsSession } = require('./ws-session');

/** A small seeded PRNG (mulberry32): every run sends the same mix. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens and discovers; resolves the ready client. `index` decides the transport (even: HTTP, odd: WS);
 * `phase` the seed with it, so that each phase of a run sends its own mix (the same in every run).
 * `keyName`: the key it holds, when not its own (conversations of one tenant).
 */
async function openHonestClient(port, index, phase = 0, keyName = undefined) {
  const Session = index % 2 === 0 ? HttpSession : WsSession;
  const name = honestName(index);
  const session = await new Session(port, name, authHeaders(keyName ?? name)).open();
  const { schemaUris } = await discover(session);
  return { session, schemaUris, random: seededRandom(index + 1 + phase * 1_000_003) };
}

/**
 * Runs the loop until `stopAt` (epoch ms), cutting the last pause short; think time is uniform in [0, 2 × thinkMs] (mean `thinkMs`). A
 * request that fails is recorded and the loop goes on.
 */
async function runHonestClient(client, recorder, { thinkMs, stopAt }) {
  const shouldStop = () => Date.now() >= stopAt;
  const { session, schemaUris, random } = client;
  while (!shouldStop()) {
    if (thinkMs > 0) await sleep(Math.min(random() * 2 * thinkMs, Math.max(0, stopAt - Date.now())));
    if (shouldStop()) break;
    const request = nextRequest(random, schemaUris);
    const started = performance.now();
    try {
      await request.send(session);
      recorder.ok(request.method, session.transport, performance.now() - started);
    } catch (error) {
      recorder.failed(request.method, session.transport, error);
    }
  }
}

module.exports = { openHonestClient, runHonestClient, seededRandom };
