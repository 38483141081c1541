/**
 * The cheap query the throughput benchmarks call as a direct tool: `query_GetBillingInvoices` of the
 * synthetic operations (3 typed arguments, a small list of records built in memory). The SDK peer
 * serves the same handler, so both servers do the same work per call.
 */
const { loadFixture } = require('./dist');

const { syntheticOperations } = loadFixture('synthetic');

const CHEAP_TOOL = 'query_GetBillingInvoices';
const CHEAP_ARGS = { ids: [1, 2] };

function cheapOperation() {
  return syntheticOperations(10).find((op) => `${op.kind}_${op.id}` === CHEAP_TOOL);
}

module.exports = { CHEAP_ARGS, CHEAP_TOOL, cheapOperation };
