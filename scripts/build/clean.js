/** Empties dist/ before a build, so files whose sources moved or went (test code, old fixtures) do not linger. */
const { rmSync } = require('node:fs');
const { join } = require('node:path');

rmSync(join(__dirname, '..', '..', 'dist'), { recursive: true, force: true });
