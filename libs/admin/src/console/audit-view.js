/** The Audit view: the audit log filtered by principal, operation, outcome, kind and time, newest first. */
import { badge, code, el, failure, field, fill, notice, table, time } from './dom.js';

const FILTERS = ['principal', 'operation', 'outcome', 'kind'];
const OK_OUTCOMES = new Set(['ok', 'allowed', 'approved', 'completed']);

/** What a line is about besides its operation: the conversation, the execution, an admin action's target. */
function details(line) {
  const parts = [
    line.conversation ? ['conversation ', code(line.conversation)] : null,
    line.executionId ? ['execution ', code(line.executionId)] : null,
    line.target ? ['target ', code(line.target)] : null,
    line.until ? ['until ', time(line.until)] : null,
  ].filter(Boolean);
  return parts.map((part) => el('div', {}, ...part));
}

const COLUMNS = [
  { title: 'Time', cell: (line) => time(line.time) },
  { title: 'Kind', cell: (line) => line.kind ?? 'operation' },
  { title: 'Principal', cell: (line) => (line.principal ? code(line.principal) : '') },
  {
    title: 'Operation / action',
    cell: (line) => [
      code(line.action ?? line.operation ?? ''),
      line.action && line.operation ? el('div', {}, code(line.operation)) : null,
    ],
  },
  {
    title: 'Outcome',
    cell: (line) => (line.outcome ? badge(line.outcome, OK_OUTCOMES.has(line.outcome) ? 'ok' : 'bad') : ''),
  },
  { title: 'Reason', cell: (line) => line.reason ?? '', className: 'reason' },
  { title: 'Details', cell: details },
];

/** A datetime-local value as an ISO instant ('' when empty). */
function instant(value) {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

export function createAuditView(api, root) {
  const form = root.querySelector('#audit-form');
  const output = root.querySelector('#audit-result');
  let records = [];
  let loaded = false;

  function query(cursor) {
    const values = Object.fromEntries(FILTERS.map((name) => [name, field(form, name)]));
    return {
      ...values,
      since: instant(field(form, 'since')),
      until: instant(field(form, 'until')),
      limit: field(form, 'limit'),
      cursor,
    };
  }

  function render(next) {
    const shown =
      records.length > 0 ? table('Audit lines, newest first', COLUMNS, records) : notice('No audit line matches.');
    const more = next
      ? el('button', { type: 'button', class: 'quiet', onclick: () => load(next) }, 'Show older lines')
      : null;
    fill(output, shown, more);
  }

  let asked = 0;

  async function load(cursor) {
    // Only the newest question's answer is shown: an older one arriving late must not overwrite it.
    const question = ++asked;
    try {
      const answer = await api.get('audit', query(cursor));
      if (question !== asked) return;
      records = cursor ? [...records, ...answer.records] : answer.records;
      loaded = true;
      render(answer.next);
    } catch (error) {
      if (question !== asked) return;
      fill(output, failure(error, 'The audit log is not available on this server', 'Could not query the audit log'));
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    load();
  });
  return {
    show() {
      if (!loaded) return load();
    },
    hide() {},
  };
}
