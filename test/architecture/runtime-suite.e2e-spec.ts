import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import picomatch from 'picomatch';

/**
 * `.ci/run` runs on Node 26 only what jest.runtime.config.js selects. A renamed or deleted file would drop out of
 * that run without a word, so every pattern must still select a test file, and the config may differ from the
 * suite's own in what it selects only (a lost timeout or environment would make it another suite).
 */
type Project = Record<string, unknown> & { testMatch: string[] };
type Config = Record<string, unknown> & { projects: Project[] };

const root = resolve(__dirname, '../..');
const base = require(join(root, 'jest.config.js')) as Config;
const runtime = require(join(root, 'jest.runtime.config.js')) as Config;

const testFiles = ['libs', 'plugins', 'src', 'test']
  .flatMap((dir) => readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => join(root, dir, f)))
  .filter((file) => /\.(e2e-)?spec\.ts$/.test(file) && !file.includes('node_modules'));

describe('jest.runtime.config.js', () => {
  it('has patterns that each still select a test file', () => {
    const unmatched = runtime.projects
      .flatMap((project) => project.testMatch)
      .filter((pattern) => !testFiles.some((file) => picomatch.isMatch(file, pattern)));
    expect(unmatched).toEqual([]);
  });

  it('selects a part of the suite, not all of it', () => {
    const selected = testFiles.filter((file) =>
      runtime.projects.some((project) => project.testMatch.some((pattern) => picomatch.isMatch(file, pattern))),
    );
    expect(selected.length).toBeGreaterThan(20);
    expect(selected.length).toBeLessThan(testFiles.length / 2);
  });

  it('keeps every option of the suite but which files it runs', () => {
    const { projects: baseProjects, ...baseRest } = base;
    const { projects: runtimeProjects, ...runtimeRest } = runtime;
    expect(runtimeRest).toEqual(baseRest);
    const rest = ({ testMatch: _, ...others }: Project) => others;
    expect(runtimeProjects.map(rest)).toEqual(baseProjects.map(rest));
  });
});
