/** The Audit view: the audit log filtered by principal, operation, outcome, kind and time, newest first. */
import { badge, code, el, field, fill, notice, table, time } from './dom.js';

const FILTERS = ['principal', 'operation', 'outcome', 'kind'];
const OK_OUTCOMES = new Set(['ok', 'allowed', 'approved', 'completed']);

const COLUMNS = [
  { title: 'Time', cell: (line) => time(line.time) },
  { title: 'Kind', cell: (line) => line.kind ?? '' },
  { title: 'Principal', cell: (line) => (line.principal ? code(line.principal) : '') },
  { title: 'Operation / action', cell: (line) => code(line.operation ?? line.action ?? '') },
  {
    title: 'Outcome',
    cell: (line) => (line.outcome ? badge(line.outcome, OK_OUTCOMES.has(line.outcome) ? 'ok' : 'bad') : ''),
  },
  { title: 'Reason', cell: (line) => line.reason ?? '', className: 'reason' },
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

  async function load(cursor) {
    try {
      const answer = await api.get('audit', query(cursor));
      records = cursor ? [...records, ...answer.records] : answer.records;
      loaded = true;
      render(answer.next);
    } catch (error) {
      const text = error.missingRoute
        ? 'The audit log is not available on this server.'
        : `Could not query the audit log: ${error.message}`;
      fill(output, notice(text, error.missingRoute ? 'unavailable' : 'error'));
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
