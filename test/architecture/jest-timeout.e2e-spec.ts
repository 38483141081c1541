import { resolve } from 'node:path';

/**
 * Hooks and tests without a timeout of their own must get the 30 s the config promises on a loaded 2-core
 * machine. Jest reads `testTimeout` from the top level only: set inside `projects` it was silently ignored, and
 * a `beforeAll` starting Redis and two servers failed at Jest's 5 s in CI.
 */
describe('jest.config.js', () => {
  const config = require(resolve(__dirname, '../../jest.config.js')) as {
    testTimeout?: number;
    projects: Array<Record<string, unknown>>;
  };

  it('sets the default timeout where Jest reads it', () => {
    expect(config.testTimeout).toBeGreaterThanOrEqual(30_000);
    expect(config.projects.filter((project) => 'testTimeout' in project)).toEqual([]);
  });

  it('gives a test that takes longer than Jest’s 5 s default its time (hooks get the same)', () =>
    new Promise((done) => setTimeout(done, 5_500)));
});
