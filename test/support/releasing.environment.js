const { TestEnvironment } = require('jest-environment-node');
const { releaseLeftovers } = require('./leftovers');

/**
 * Jest's node environment that, once a test file's own hooks have run, stops what it started and did
 * not stop (test/support/leftovers.js): a failed `beforeAll` cannot leave a server or its sandbox
 * processes running, so the suite exits on its own.
 */
class ReleasingEnvironment extends TestEnvironment {
  async teardown() {
    await releaseLeftovers(this.global);
    await super.teardown();
  }
}

module.exports = ReleasingEnvironment;
