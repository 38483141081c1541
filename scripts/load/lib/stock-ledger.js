/**
 * The stock invariant of the honest mix: every transfer is undone in the same script, so after the load
 * each warehouse holds exactly the units it held before.
 */
const { LEDGER, authHeaders } = require('./client-keys');
const { HttpSession } = require('./http-session');

const LEDGER_SCRIPT = `return (await myko.query('ListWarehouses')).map((w) => [w.code, w.unitsOnHand, w.unitsReserved]);`;

/** Units on hand and reserved per warehouse, as `execute` sees them. */
async function readLedger(port) {
  const session = await new HttpSession(port, LEDGER, authHeaders(LEDGER)).open();
  try {
    const result = await session.request('tools/call', { name: 'execute', arguments: { code: LEDGER_SCRIPT } });
    if (result.isError) throw new Error(`ledger: ${result.content[0].text}`);
    return JSON.parse(result.content[0].text);
  } finally {
    session.close();
  }
}

/** Differences between two ledgers, as lines ([] when they agree). */
function ledgerDifferences(before, after) {
  const expected = JSON.stringify(before);
  return JSON.stringify(after) === expected ? [] : [`before ${expected}`, `after  ${JSON.stringify(after)}`];
}

module.exports = { ledgerDifferences, readLedger };
