/**
 * `npm run load -- --same-key`: one tenant. A few honest conversations (20 by default) and one hostile
 * conversation hold the same API key, as the agents of one application do; the hostile one sends runaway
 * scripts (CPU time, memory) and call floods. Punishment must follow the conversation that misbehaved: the
 * honest ones keep their latency (p99 ≤ 2× their quiet p99, same run) and none of their calls is refused.
 */
const { TENANT, clientIdOf } = require('./client-keys');

/** The hostile conversation's attacks unless `--attacks` says otherwise: the ones a cooldown or a lane follows. */
const SAME_KEY_ATTACKS = 'infinite loop,memory bomb,call-limit flood';

/** Run options of the scenario over the command line's (`values`). */
function sameKeyOptions(options, values) {
  return {
    ...options,
    clients: values['same-key-clients'],
    sharedKey: TENANT,
    edge: false,
    attacks: values.attacks || SAME_KEY_ATTACKS,
  };
}

/** Honest requests refused or failed in a phase: tool errors (a refusal reads "Execution refused") and protocol errors (-32029, 429). */
function honestRefusals(recorder) {
  return recorder.toolErrorCount + recorder.protocolErrors;
}

/** Whether the shared key was moved to the low-priority lane, before or during the hostile conversation. */
function tenantLaneLine(heavyClients, quietCount) {
  const tenant = clientIdOf(TENANT);
  const when = (ids) => (ids.includes(tenant) ? '**yes**' : 'no');
  return (
    `The shared key (${tenant}) moved to the low-priority lane: before the hostile conversation ` +
    `${when(heavyClients.slice(0, quietCount))}, with it ${when(heavyClients.slice(quietCount))}.`
  );
}

/** The verdict lines of the scenario; `check(pass, text, fatal)` as in run.js. */
function sameKeyChecks(calm, attacked, check) {
  for (const [name, phase] of [
    ['quiet', calm],
    ['with the hostile conversation', attacked],
  ]) {
    const refused = honestRefusals(phase.recorder);
    check(refused === 0, `same key, ${name}: honest calls refused or failed: ${refused} (must be 0)`);
  }
}

module.exports = { SAME_KEY_ATTACKS, sameKeyChecks, sameKeyOptions, tenantLaneLine };
