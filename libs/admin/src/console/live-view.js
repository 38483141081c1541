/** The Live view: per principal, its sessions, connections, sandbox runs, lane, quotas and cooldown. */
import { badge, code, duration, el, failure, fill, jsonText, notice, table, time } from './dom.js';

const AUTO_REFRESH_MS = 5000;

function runsOf(entry) {
  const runs = entry.runs ?? [];
  if (runs.length === 0) return '';
  return el(
    'ul',
    { class: 'runs' },
    ...runs.map((run) =>
      el(
        'li',
        {},
        code(run.conversation ?? ''),
        run.executionId ? [' ', code(run.executionId)] : null,
        ` ${duration(run.ms)}`,
        typeof run.cpuMs === 'number' ? `, CPU ${duration(run.cpuMs)}` : null,
      ),
    ),
  );
}

/** When a cooldown ends, with the time left. */
function ending(until) {
  const left = new Date(until).getTime() - Date.now();
  return el('div', {}, 'until ', time(until), left > 0 ? ` (${duration(left)} left)` : '');
}

/** Every cooldown in effect: the principal's pause and its conversations' cooldowns, each with reason and end. */
function cooldownsOf(entry) {
  const cooldowns = entry.cooldowns ?? (entry.cooldown ? [entry.cooldown] : []);
  return cooldowns.map((cooldown) =>
    el(
      'div',
      { class: 'cooldown' },
      badge(cooldown.level === 'principal' ? 'paused' : 'cooling down', 'bad'),
      cooldown.conversation ? [' ', code(cooldown.conversation)] : null,
      el('div', { class: 'reason' }, 'reason: ', cooldown.reason),
      ending(cooldown.until),
    ),
  );
}

const COLUMNS = [
  {
    title: 'Principal',
    cell: (p) => [code(p.principal), p.profile ? el('div', { class: 'meta' }, `profile ${p.profile}`) : null],
  },
  { title: 'Sessions', cell: (p) => p.sessions ?? 0, className: 'num' },
  { title: 'Connections', cell: (p) => p.connections ?? 0, className: 'num' },
  { title: 'Runs in the sandbox', cell: runsOf },
  {
    title: 'Lane, CPU lately',
    cell: (p) => [
      p.lane ? badge(p.lane, p.lane === 'normal' ? 'muted' : 'warn') : null,
      typeof p.cpuMs === 'number' ? el('div', { class: 'meta' }, `CPU ${duration(p.cpuMs)}`) : null,
    ],
  },
  { title: 'Cooldowns', cell: cooldownsOf },
  { title: 'Quotas', cell: (p) => (p.quotas && Object.keys(p.quotas).length > 0 ? code(jsonText(p.quotas)) : '') },
];

export function createLiveView(api, root) {
  const output = root.querySelector('#live-result');
  const meta = root.querySelector('#live-meta');
  const auto = root.querySelector('#live-auto');
  let timer;
  let shown = false;

  let asked = 0;

  async function load() {
    // Only the newest answer is shown: a slow one from an earlier refresh must not overwrite it.
    const question = ++asked;
    try {
      const live = await api.get('live');
      if (question !== asked) return;
      fill(meta, `Instance ${live.instance ?? '?'} at `, time(live.at));
      const principals = live.principals ?? [];
      const byPrincipal = (p) => ({ 'data-principal': p.principal });
      fill(
        output,
        principals.length > 0
          ? table('Principals', COLUMNS, principals, byPrincipal)
          : notice('No client is connected.'),
      );
    } catch (error) {
      if (question !== asked) return;
      fill(meta);
      fill(output, failure(error, 'Live state is not available on this server', 'Could not read the live state'));
    }
  }

  function schedule() {
    clearInterval(timer);
    timer = shown && auto.checked ? setInterval(load, AUTO_REFRESH_MS) : undefined;
  }

  root.querySelector('#live-refresh').addEventListener('click', load);
  auto.addEventListener('change', schedule);
  return {
    show() {
      shown = true;
      schedule();
      return load();
    },
    hide() {
      shown = false;
      schedule();
    },
  };
}
