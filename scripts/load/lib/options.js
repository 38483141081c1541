/** Command-line flags of `npm run load` and `npm run soak`: `--name value` or `--name=value`, numbers only. */

/**
 * @typedef {object} FlagSpec
 * @property {number | boolean | string} default the value when the flag is absent (a boolean flag takes no value)
 * @property {string} help one line for `--help`
 */

/** Parses `argv` against `specs` ({ name: FlagSpec }); throws on an unknown flag or a bad number. */
function parseFlags(argv, specs) {
  const values = Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, spec.default]));
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const name = flag.replace(/^--/, '');
    if (name === 'help' || name === 'h') return { help: true, values };
    const spec = specs[name];
    if (!flag.startsWith('--') || !spec) throw new Error(`unknown flag ${argv[i]} (try --help)`);
    if (typeof spec.default === 'boolean') {
      values[name] = inline === undefined ? true : inline !== 'false';
      continue;
    }
    const text = inline ?? argv[++i];
    if (typeof spec.default === 'string') {
      if (text === undefined) throw new Error(`--${name} needs a value`);
      values[name] = text;
      continue;
    }
    const value = Number(text);
    if (text === undefined || !Number.isFinite(value) || value < 0) throw new Error(`--${name} needs a number ≥ 0`);
    values[name] = value;
  }
  return { help: false, values };
}

/** `--help` text: one line per flag with its default. */
function usage(command, specs) {
  const lines = Object.entries(specs).map(
    ([name, spec]) => `  --${name.padEnd(12)} ${spec.help} [default: ${spec.default}]`,
  );
  return `Usage: ${command} [flags]\n${lines.join('\n')}\n`;
}

module.exports = { parseFlags, usage };
