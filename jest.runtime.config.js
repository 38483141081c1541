/**
 * The tests whose outcome depends on the Node line itself, run again on each supported line after the first
 * (`.ci/run`: the whole suite on Node 24, these on Node 26 with the same install). The code is the same on both
 * lines; what differs is the runtime under it, so each entry names what of it the tests exercise:
 *
 * - isolated-vm (a native addon built per ABI, on that line's V8): every sandbox spec, and the e2e suites that
 *   contain, cancel and recycle real isolates in sandbox processes;
 * - better-sqlite3 (Node-API) and the Redis client: the state specs and the plugins' database suite;
 * - Node's HTTP parser, sockets and the `ws` upgrade path: the gateway specs, the edge suites and the wire fuzzers;
 * - child processes and stdio: the launcher, `bin/myko-nest stdio` under both SDK clients, the stdio fuzzer;
 * - module loading (`require` of ES modules, package `exports`): the packed packages installed and imported.
 */
const base = require('./jest.config.js');

const UNIT = ['libs/sandbox', 'libs/state', 'libs/gateways'].map((dir) => `**/${dir}/**/*.spec.ts`);
const E2E = [
  'e2e/mcp-clients',
  'e2e/sdk-v2-client',
  'e2e/execute',
  'e2e/execute-containment',
  'e2e/execute-residency',
  'e2e/disconnect-cancel',
  'e2e/health-sandbox',
  'e2e/ws-wire',
  'e2e/http-wire',
  'e2e/http-sse',
  'e2e/edge-*',
  'e2e/launcher',
  'e2e/packages',
  'plugins/database',
  'fuzz/*',
].map((name) => `**/test/${name}.e2e-spec.ts`);

const [unit, e2e] = base.projects;
module.exports = {
  ...base,
  projects: [
    { ...unit, testMatch: UNIT },
    { ...e2e, testMatch: E2E },
  ],
};
