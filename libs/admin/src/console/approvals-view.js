/** The Approvals view: paused executions with the call each waits on, Approve / Reject, and Roll back of a stopped one. */
import { badge, code, el, failure, fill, jsonText, notice, table, time } from './dom.js';
import { operatorName, setOperatorName } from './session.js';

const STATE_TONES = {
  completed: 'ok',
  paused: 'warn',
  running: 'warn',
  rejected: 'bad',
  failed: 'bad',
  diverged: 'bad',
  expired: 'muted',
  rolled_back: 'ok',
  rollback_failed: 'bad',
};
/** The states a rollback starts from (the server decides; this only offers the button). */
const ROLLBACK_STATES = ['rejected', 'failed', 'diverged', 'expired', 'rollback_failed'];
const PENDING = { approve: 'Approving', reject: 'Rejecting', rollback: 'Rolling back' };
const stateBadge = (state) => badge(state, STATE_TONES[state] ?? 'muted');
const principalOf = (execution) => execution.principal ?? execution.owner?.principal ?? '(anonymous)';

function waitingFor(execution) {
  const waiting = execution.waitingFor;
  if (!waiting) return '';
  return el(
    'div',
    { class: 'waiting' },
    code(waiting.operation),
    ' ',
    el('code', { class: 'args' }, jsonText(waiting.args)),
  );
}

/** What a rollback did: who asked, how many compensations ran, where one failed. */
function rollbackText({ rollback }) {
  const ran = ` — rolled back by ${rollback.by} (${rollback.compensated.length} compensated, ${rollback.skipped.length} skipped)`;
  const failed = rollback.failed;
  return failed ? `${ran}; ${failed.compensation} for ${failed.operation} failed: ${failed.error}` : ran;
}

/** The text of a resumed run's MCP result. */
function resultText(result) {
  if (!result) return '';
  const texts = (result.content ?? []).filter((part) => part.type === 'text').map((part) => part.text);
  return texts.join('\n');
}

export function createApprovalsView(api, root) {
  const list = root.querySelector('#approvals-list');
  const output = root.querySelector('#approvals-result');
  const opened = root.querySelector('#approvals-opened');
  const operator = root.querySelector('#operator-name');
  operator.value = operatorName();
  operator.addEventListener('change', () => setOperatorName(operator.value.trim()));

  /** Approves, rejects or rolls back; shows the execution's new state and the resumed run's result. */
  async function decide(execution, verdict, buttons) {
    for (const button of buttons) button.disabled = true;
    fill(output, notice(`${PENDING[verdict]} ${execution.id}…`));
    const name = operator.value.trim();
    try {
      const id = encodeURIComponent(execution.id);
      const answer = await api.post(`executions/${id}/${verdict}`, {}, name ? { 'X-Myko-Operator': name } : {});
      renderDecided(answer);
      fill(opened);
    } catch (error) {
      fill(output, notice(`${execution.id}: ${error.message}`, 'error'));
    }
    await load();
  }

  function renderDecided({ execution, result }) {
    const decision = execution.rollback
      ? rollbackText(execution)
      : execution.decision
        ? ` — ${execution.decision.verdict} by ${execution.decision.by}`
        : '';
    const text = resultText(result);
    fill(
      output,
      el(
        'div',
        { class: 'card decided', 'data-execution': execution.id, 'data-state': execution.state },
        el('h3', {}, 'Execution ', code(execution.id), ' ', stateBadge(execution.state), decision),
        text
          ? [el('p', {}, result?.isError ? 'The run ended with an error:' : 'The run answered:'), el('pre', {}, text)]
          : null,
      ),
    );
  }

  function actions(execution) {
    if (ROLLBACK_STATES.includes(execution.state)) {
      const rollback = el('button', { type: 'button', class: 'rollback danger' }, 'Roll back');
      rollback.setAttribute('aria-label', `Roll back ${execution.id}`);
      rollback.addEventListener('click', () => decide(execution, 'rollback', [rollback]));
      return el('div', { class: 'row-actions' }, rollback);
    }
    if (execution.state !== 'paused') return '';
    const approve = el('button', { type: 'button', class: 'approve' }, 'Approve');
    const reject = el('button', { type: 'button', class: 'reject danger' }, 'Reject');
    approve.setAttribute('aria-label', `Approve ${execution.id}`);
    reject.setAttribute('aria-label', `Reject ${execution.id}`);
    approve.addEventListener('click', () => decide(execution, 'approve', [approve, reject]));
    reject.addEventListener('click', () => decide(execution, 'reject', [approve, reject]));
    return el('div', { class: 'row-actions' }, approve, reject);
  }

  const COLUMNS = [
    { title: 'Execution', cell: (x) => code(x.id) },
    { title: 'State', cell: (x) => stateBadge(x.state) },
    { title: 'Principal', cell: principalOf },
    { title: 'Waiting for', cell: waitingFor },
    { title: 'Calls done', cell: (x) => (Array.isArray(x.calls) ? x.calls.length : (x.calls ?? '')) },
    { title: 'Paused at', cell: (x) => time(x.updatedAt) },
    { title: 'Expires', cell: (x) => time(x.expiresAt) },
    { title: 'Decide', cell: actions },
  ];

  const rowsOf = (caption, executions) => table(caption, COLUMNS, executions, (x) => ({ 'data-execution': x.id }));

  async function load() {
    try {
      const { executions } = await api.get('executions', { state: 'paused', limit: 100 });
      fill(
        list,
        executions.length > 0 ? rowsOf('Paused executions', executions) : notice('Nothing waits for a decision.'),
      );
    } catch (error) {
      const unavailable = 'Listing executions is not available on this server; open one by its id below';
      fill(list, failure(error, unavailable, 'Could not list the paused executions'));
    }
  }

  root.querySelector('#approvals-refresh').addEventListener('click', load);
  root.querySelector('#approvals-open').addEventListener('submit', async (event) => {
    event.preventDefault();
    const id = root.querySelector('#execution-id').value.trim();
    if (!id) return fill(opened, notice('Enter an execution id.', 'error'));
    try {
      const { execution } = await api.get(`executions/${encodeURIComponent(id)}`);
      fill(opened, rowsOf(`Execution ${execution.id}`, [execution]));
    } catch (error) {
      fill(opened, notice(error.message, 'error'));
    }
  });
  return { show: load, hide() {} };
}
