/**
 * The trivial query the call-overhead benchmarks (bridge, journal, resume) run many times from one script:
 * `Echo` answers its optional integer argument, so what a run measures is the crossing, not the work.
 */
require('reflect-metadata');
const { IsInt, IsOptional } = require('class-validator');

class EchoArgs {}
Reflect.defineMetadata('design:type', Number, EchoArgs.prototype, 'n');
IsOptional()(EchoArgs.prototype, 'n');
IsInt()(EchoArgs.prototype, 'n');

const ECHO = {
  kind: 'query',
  id: 'Echo',
  description: 'Returns its argument: a trivial operation for measuring call overhead.',
  args: EchoArgs,
  handler: (args) => ({ n: args.n ?? 0 }),
  source: 'bench',
};

/** A script of `calls` sequential Echo calls that sums their answers. */
const echoScript = (calls) =>
  `let sum = 0;\nfor (let i = 0; i < ${calls}; i++) sum += (await myko.query('Echo', { n: i })).n;\nreturn sum;`;

/** What `echoScript(calls)` returns, as the execute result's text. */
const echoSum = (calls) => String((calls * (calls - 1)) / 2);

module.exports = { ECHO, EchoArgs, echoScript, echoSum };
