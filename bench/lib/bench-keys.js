/**
 * API keys for benchmarks that measure one client against another: each named client holds its own key in
 * a profile of its own, so the server tells them apart (per-identity budgets, caps and backoff follow the
 * key; without keys every client on loopback is one address). Keys derive from a per-run secret.
 */
const { createHash, createHmac, randomBytes } = require('node:crypto');
const { mkdtempSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const SECRET = randomBytes(32);

const keyOf = (name) => createHmac('sha256', SECRET).update(name).digest('base64url');
const stored = (name) => `sha256:${createHash('sha256').update(keyOf(name), 'utf8').digest('hex')}`;

/** Handshake / request headers carrying the key of the client called `name`. */
function authHeaders(name) {
  return { authorization: `Bearer ${keyOf(name)}` };
}

/**
 * Writes an access config with one unrestricted profile per name (keys required); its path. `sections`: more
 * top-level sections of the config file (`sandbox`, …).
 */
function writeKeysConfig(names, sections = {}) {
  const profiles = Object.fromEntries(
    names.map((name) => [name, { description: `bench client ${name}`, keys: [stored(name)] }]),
  );
  const path = join(mkdtempSync(join(tmpdir(), 'myko-bench-keys-')), 'myko.config.json');
  writeFileSync(path, JSON.stringify({ auth: { required: true }, profiles, ...sections }));
  return path;
}

module.exports = { authHeaders, writeKeysConfig };
