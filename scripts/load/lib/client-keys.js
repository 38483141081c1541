/**
 * API keys of the load's clients: every honest client, the ledger reader and the hostile client hold their
 * own key, as agents of a real deployment would. The per-key caps and the execute abuse backoff follow the
 * key (else the address), so without keys every client on loopback would be one client and the hostile
 * one's backoff would refuse the honest ones too. Keys derive from a per-run secret and the client's name.
 */
const { createHash, createHmac, randomBytes } = require('node:crypto');
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');

// Set in the environment so that the hostile client's own process (`hostile-process.js`) holds the same keys.
process.env.MYKO_LOAD_SECRET ??= randomBytes(32).toString('hex');
const SECRET = Buffer.from(process.env.MYKO_LOAD_SECRET, 'hex');
const HOSTILE = 'load-hostile';
const LEDGER = 'load-ledger';
/** The one key that honest clients and a hostile conversation share with `npm run load -- --same-key`. */
const TENANT = 'load-tenant';

function keyOf(name) {
  return createHmac('sha256', SECRET).update(name).digest('base64url');
}

/** Handshake / request headers carrying the key of the client called `name`. */
function authHeaders(name) {
  return { authorization: `Bearer ${keyOf(name)}` };
}

/** The name the honest client `index` connects as (and whose key it holds). */
function honestName(index) {
  return `load-honest-${index}`;
}

/** The SHA-256 of `name`'s key, hex: what the server stores and names the key by. */
const keyDigest = (name) => createHash('sha256').update(keyOf(name), 'utf8').digest('hex');
const stored = (name) => `sha256:${keyDigest(name)}`;

/** The client id the server gives the holder of `name`'s key (`key:` and its digest's first 16 hex digits). */
function clientIdOf(name) {
  return `key:${keyDigest(name).slice(0, 16)}`;
}

/**
 * Writes `myko.config.json` in `dir`: a profile for the honest clients (and the ledger), one for the hostile
 * client's sandbox attacks, and keyless requests (its edge attacks) served anonymously; its path.
 */
function writeKeyedConfig(dir, honestClients) {
  const honest = [LEDGER, TENANT, ...Array.from({ length: honestClients }, (_, i) => honestName(i))].map(stored);
  // Keyless requests stay served (the edge attacks come without a key, from the shared loopback address).
  const config = {
    auth: { required: false },
    profiles: {
      honest: { description: 'the honest load clients, one key each (and the shared tenant key)', keys: honest },
      hostile: { description: 'the hostile load client', keys: [stored(HOSTILE)] },
      anonymous: { description: 'clients without a key' },
    },
    defaultProfile: 'anonymous',
  };
  const path = join(dir, 'myko.config.json');
  writeFileSync(path, JSON.stringify(config));
  return path;
}

module.exports = { HOSTILE, LEDGER, TENANT, authHeaders, clientIdOf, honestName, writeKeyedConfig };
