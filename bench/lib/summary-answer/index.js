/**
 * The default `search` answer before issue 25 (see README.md here): 20 JSON summary entries.
 */
const { load } = require('../dist');

const { renderOutputShape } = load('libs/registry/src');

function toSummary(op) {
  const args = op.args.map((arg) => ({ ...arg }));
  const summary = op.description
    ? { id: op.id, kind: op.kind, description: op.description, args, outputType: op.outputType }
    : { id: op.id, kind: op.kind, args, outputType: op.outputType };
  const shape = renderOutputShape(op.outputType, op.outputSchema);
  if (shape !== undefined) summary.output = shape;
  if (op.watchable) summary.watchable = true;
  return summary;
}

/**
 * The JSON text that answered a search before: the summaries of the operations of `page` (a
 * `detail: 'full'` page of today's ranking, 20 entries, with its total and cursor).
 * @param {readonly object[]} operations the registry's operations
 */
function summaryAnswer(operations) {
  const byName = new Map(operations.map((op) => [op.name, op]));
  return (page) => {
    const answer = { operations: page.operations.map((entry) => toSummary(byName.get(`${entry.kind}_${entry.id}`))) };
    answer.total = page.total;
    if (page.nextCursor !== undefined) answer.nextCursor = page.nextCursor;
    return JSON.stringify(answer);
  };
}

module.exports = { summaryAnswer };
