/**
 * The agent-task figures as bench rows and as a per-task Markdown table, from the records of both
 * modes' runs (`runAgentTasks`), paired by task.
 */
const { row } = require('../report');
const { tokens } = require('./ledger');

/** Code Mode's target: at most this fraction of direct mode's tokens over the set (issue 25). */
const TOKEN_TARGET = 0.05;
/** Issue 41: Code Mode's two turns (one search with `queries`, one execute) against direct mode's call chains. */
const ROUND_TRIP_TARGET = 0.7;

const sum = (records, pick) => records.reduce((total, record) => total + pick(record), 0);
const partTokens = (record, part) => tokens(record.usage[part].read + record.usage[part].written);
const count = (n) => n.toLocaleString('en-US');
const met = (ok) => (ok ? 'met' : 'missed');

function failures(records) {
  return records.filter((r) => !r.passed).map((r) => `${r.mode} ${r.task}: ${r.problems[0]}`);
}

/** The three rows: tokens (ratio to direct), round trips, tasks answered correctly. */
function agentTaskRows(code, direct) {
  const codeTokens = tokens(sum(code, (r) => r.bytes));
  const directTokens = tokens(sum(direct, (r) => r.bytes));
  const codeTrips = sum(code, (r) => r.roundTrips);
  const directTrips = sum(direct, (r) => r.roundTrips);
  const searchCalls = sum(code, (r) => r.calls - 1);
  const both = code.filter((r, i) => r.passed && direct[i].passed).length;
  const parts = ['fixed', 'search', 'execute'].map((part) => `${part} ${count(sum(code, (r) => partTokens(r, part)))}`);
  const failed = failures([...code, ...direct]);
  return [
    row({
      id: 'agent-tasks.tokens',
      benchmark: 'agent tasks: tokens, Code Mode vs direct',
      measures: `tokens (bytes / 4) read and written over ${code.length} tasks, each a fresh conversation`,
      unit: 'count',
      subject: codeTokens,
      baseline: { label: 'direct mode', samples: directTokens },
      note: `Code Mode ${parts.join(', ')}; target ≤ ${TOKEN_TARGET}×: ${met(codeTokens <= TOKEN_TARGET * directTokens)}`,
    }),
    row({
      id: 'agent-tasks.round-trips',
      benchmark: 'agent tasks: round trips',
      measures: `model turns that call tools over ${code.length} tasks (Code Mode: one search with queries per task, ${searchCalls} in all, then the execute)`,
      unit: 'count',
      subject: codeTrips,
      baseline: { label: 'direct mode', samples: directTrips },
      note: `target ≤ ${ROUND_TRIP_TARGET}× direct: ${met(codeTrips <= ROUND_TRIP_TARGET * directTrips)}`,
    }),
    row({
      id: 'agent-tasks.correct',
      benchmark: 'agent tasks: correct',
      measures: 'tasks whose answer matched the database in both modes',
      unit: 'count',
      subject: both,
      note: [
        `${both}/${code.length}`,
        `Code Mode ${code.filter((r) => r.passed).length}/${code.length}`,
        `direct ${direct.filter((r) => r.passed).length}/${direct.length}`,
        ...failed,
      ].join('; '),
    }),
  ];
}

/** One line per task: Code Mode's tokens by part, direct mode's, the turns of each, and whether both passed. */
function breakdownTable(code, direct) {
  const lines = [
    '| task | Code Mode: fixed | search | execute | total | direct | ratio | turns: code / direct | correct |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  const line = (name, c, d) => {
    const [fixed, search, execute] = ['fixed', 'search', 'execute'].map((part) => sum(c, (r) => partTokens(r, part)));
    const codeTokens = tokens(sum(c, (r) => r.bytes));
    const directTokens = tokens(sum(d, (r) => r.bytes));
    const passed = c.every((r) => r.passed) && d.every((r) => r.passed);
    const cells = [fixed, search, execute, codeTokens, directTokens].map(count);
    const trips = `${sum(c, (r) => r.roundTrips)} / ${sum(d, (r) => r.roundTrips)}`;
    const ratio = `${(codeTokens / directTokens).toFixed(3)}×`;
    return `| ${[name, ...cells, ratio, trips, passed ? 'yes' : 'NO'].join(' | ')} |`;
  };
  code.forEach((record, i) => {
    lines.push(line(record.task, [record], [direct[i]]));
  });
  lines.push(line(`**all ${code.length}**`, code, direct));
  return lines.join('\n');
}

module.exports = { TOKEN_TARGET, agentTaskRows, breakdownTable };
