import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * Issue 39: what the README and docs promise about themselves. The README stays short (the project's
 * rule: detail lives in docs/), links lead somewhere, a command to run jest by hand works as
 * written, and no package README calls a shipped part unfinished.
 */
const ROOT = resolve(__dirname, '../..');
const README = join(ROOT, 'README.md');
const MAX_README_LINES = 300;
const PAGES = [
  README,
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(ROOT, 'docs', name)),
  ...readdirSync(join(ROOT, 'packages'))
    .map((name) => join(ROOT, 'packages', name, 'README.md'))
    .filter((file) => existsSync(file)),
];
const text = (file: string) => readFileSync(file, 'utf8');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

const anchorsOf = (file: string) =>
  new Set([...text(file).matchAll(/^#+\s+(.+)$/gm)].map(([, heading]) => anchorOf(heading)));

describe('the README and docs', () => {
  it(`keep the README to ${MAX_README_LINES} lines`, () => {
    expect(text(README).split('\n').length).toBeLessThanOrEqual(MAX_README_LINES);
  });

  it('link to files and headings that exist (README, docs/, the package READMEs)', () => {
    const broken = PAGES.flatMap((page) =>
      [...text(page).matchAll(/\]\((?!https?:|mailto:)([^)#\s]*)(?:#([^)\s]+))?\)/g)]
        .map(([, path, anchor]) => ({ path, anchor, file: path ? join(dirname(page), path) : page }))
        .filter(({ file, anchor }) => !existsSync(file) || (anchor !== undefined && !anchorsOf(file).has(anchor)))
        .map(({ path, anchor }) => `${relative(ROOT, page)}: ${path}${anchor ? `#${anchor}` : ''}`),
    );
    expect(broken).toEqual([]);
  });

  it('run jest by hand only with the Node flags it needs (ESM-only Nest loads under --experimental-vm-modules)', () => {
    const commands = PAGES.flatMap((file) =>
      text(file)
        .split('\n')
        .filter((line) => /NODE_OPTIONS=[^\n]*\bjest\b/.test(line))
        .map((line) => `${relative(ROOT, file)}: ${line.trim()}`),
    );
    expect(commands.filter((line) => !line.includes('--experimental-vm-modules'))).toEqual([]);
    expect(text(join(ROOT, 'docs', 'testing.md'))).toContain('npm test -- <path> --maxWorkers=1');
  });

  it('call no part of a package "in progress"', () => {
    const unfinished = PAGES.filter((file) => file.includes('packages') && /in progress/i.test(text(file)));
    expect(unfinished).toEqual([]);
  });
});
