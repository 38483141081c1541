/** The Access view: what a key, profile or token's claims can see and call, and which rule decided each. */
import { badge, code, el, field, fill, jsonText, notice, table } from './dom.js';

/** The visibility rule that decided, in words: `allow query_*`, `deny command_Deactivate*`, … */
function visibilityRule(visibility) {
  const where = visibility.layer ? ' (a request header)' : '';
  if (visibility.pattern) return `${visibility.list} ${visibility.pattern}${where}`;
  if (visibility.list === 'allow') return `no allow pattern matches${where}`;
  if (visibility.list === 'none') return 'no allow list: everything is visible';
  return `${visibility.list}${where}`;
}

/** One callability rule as `allow command_CancelOrder: warehouseCode ∈ ["BER"]`. */
function callableRule(rule) {
  const sign = rule.list === 'allow' ? '∈' : '∉';
  const conditions = Object.entries(rule.arguments).map(
    ([name, values]) => `${name} ${sign} ${JSON.stringify(values)}`,
  );
  return `${rule.list} ${rule.rule}: ${conditions.join(', ') || 'any arguments'}`;
}

function verdictOf(operation) {
  if (!operation.visible) return badge('hidden', 'muted');
  if (operation.approval?.required) return badge('needs approval', 'warn');
  if (operation.callable.length > 0) return badge('callable, limited', 'ok');
  return badge('callable', 'ok');
}

const COLUMNS = [
  { title: 'Operation', cell: (op) => code(op.name) },
  { title: 'Kind', cell: (op) => op.kind },
  { title: 'Verdict', cell: verdictOf },
  { title: 'Deciding rule', cell: (op) => code(visibilityRule(op.visibility)) },
  {
    title: 'Argument rules',
    cell: (op) => (op.callable ?? []).map((rule) => el('div', {}, code(callableRule(rule)))),
  },
  {
    title: 'Approval',
    cell: (op) => (op.approval?.required ? el('span', {}, 'required by ', code(op.approval.rule ?? '')) : ''),
  },
];

function subjectLine(subject) {
  const via = subject.via === 'key' ? `key ${subject.keyId ?? ''}` : subject.via;
  return el(
    'dl',
    { class: 'facts' },
    el('dt', {}, 'Profile'),
    el('dd', {}, subject.profile ?? '(none: anonymous)'),
    el('dt', {}, 'Named by'),
    el('dd', {}, via),
    subject.description ? [el('dt', {}, 'Description'), el('dd', {}, subject.description)] : null,
  );
}

function renderProfile(answer) {
  const operations = [...answer.operations, ...answer.hidden.map((op) => ({ ...op, visible: false, callable: [] }))];
  const quotas = Object.keys(answer.quotas ?? {}).length > 0 ? jsonText(answer.quotas) : 'none (the server caps only)';
  return [
    subjectLine(answer.subject),
    el(
      'dl',
      { class: 'facts' },
      el('dt', {}, 'Tool mode'),
      el('dd', {}, answer.toolMode),
      el('dt', {}, 'Quotas'),
      el('dd', {}, code(quotas)),
      el('dt', {}, 'Operations'),
      el('dd', {}, `${answer.operations.length} visible, ${answer.hidden.length} hidden`),
    ),
    table('Operations, with the verdict and the rule that decided it', COLUMNS, operations),
  ];
}

function renderVerdict(answer) {
  const approval = answer.approval?.required ? ` — waits for approval (${answer.approval.rule ?? ''})` : '';
  return [
    subjectLine(answer.subject),
    el(
      'div',
      { class: `verdict ${answer.allowed ? 'ok' : 'bad'}`, 'data-allowed': String(answer.allowed) },
      el('strong', {}, answer.allowed ? 'Allowed' : 'Refused'),
      ' ',
      code(answer.operation),
      ' with ',
      code(jsonText(answer.args)),
      approval,
    ),
    el(
      'dl',
      { class: 'facts' },
      el('dt', {}, 'Decided by'),
      el('dd', {}, answer.decidedBy),
      el('dt', {}, 'Rule'),
      el('dd', {}, code(answer.rule)),
      el('dt', {}, 'Reason'),
      el('dd', { class: 'reason' }, answer.reason),
    ),
  ];
}

/** The question the form asks, or a message saying what is wrong with it. */
function questionOf(form) {
  const by = field(form, 'by');
  const subject = field(form, 'subject');
  if (!subject) return 'Name a profile, a key or claims to explain.';
  const question = {};
  try {
    question[by] = by === 'claims' ? JSON.parse(subject) : subject;
    const operation = field(form, 'operation');
    const args = field(form, 'args');
    if (operation) question.operation = operation;
    if (args) question.args = JSON.parse(args);
  } catch {
    return 'The claims and the arguments must be JSON.';
  }
  return question;
}

export function createAccessView(api, root) {
  const form = root.querySelector('#access-form');
  const result = root.querySelector('#access-result');
  const subject = root.querySelector('#access-subject');
  root.querySelector('#access-by').addEventListener('change', (event) => {
    subject.type = event.target.value === 'key' ? 'password' : 'text';
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const question = questionOf(form);
    if (typeof question === 'string') return fill(result, notice(question, 'error'));
    fill(result, notice('Asking…'));
    try {
      const answer = await api.post('access/explain', question);
      fill(result, ...('allowed' in answer ? renderVerdict(answer) : renderProfile(answer)));
    } catch (error) {
      fill(result, notice(error.message, 'error'));
    }
  });
  return { show() {}, hide() {} };
}
