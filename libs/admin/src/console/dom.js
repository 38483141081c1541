/**
 * Building the page from data: every value becomes a text node (`textContent`), never markup, so a hostile
 * operation name or argument shows as the characters it is. (The page's Trusted Types policy would make any
 * `innerHTML` with a string throw anyway.)
 */

/**
 * An element with attributes and children; a string or number child is a text node, null/undefined/false is skipped.
 * @param {string} tag
 * @param {Record<string, string | boolean | ((event: Event) => void)>} [attributes] `on<event>` keys add listeners
 * @param {...(Node | string | number | null | undefined | false)} children
 */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'function') node.addEventListener(name.slice(2), value);
    else if (value === true) node.setAttribute(name, '');
    else if (value !== false && value !== undefined) node.setAttribute(name, String(value));
  }
  append(node, children);
  return node;
}

/** Appends children as `el` takes them. */
export function append(node, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Empties a node and fills it with the children. */
export function fill(node, ...children) {
  node.replaceChildren();
  return append(node, children);
}

/**
 * A table: one header row of column titles, one row per item; a cell renders to what `el` takes.
 * @param {string} caption what the table lists (read by screen readers; shown)
 * @param {Array<{ title: string, cell: (item: any) => any, className?: string }>} columns
 * @param {any[]} items
 * @param {(item: any) => Record<string, string>} [rowAttributes] attributes of an item's row (`data-*` for tests)
 */
export function table(caption, columns, items, rowAttributes = () => ({})) {
  const head = el('tr', {}, ...columns.map((column) => el('th', { scope: 'col' }, column.title)));
  const rows = items.map((item) =>
    el(
      'tr',
      rowAttributes(item),
      ...columns.map((column) => el('td', column.className ? { class: column.className } : {}, column.cell(item))),
    ),
  );
  return el('table', {}, el('caption', {}, caption), el('thead', {}, head), el('tbody', {}, ...rows));
}

/** A small coloured label: `tone` is ok, bad, warn or muted. */
export function badge(text, tone) {
  return el('span', { class: `badge ${tone}` }, text);
}

/** A message in place of a result: `tone` is error, empty or unavailable. */
export function notice(text, tone = 'empty') {
  return el('p', { class: `notice ${tone}`, role: tone === 'error' ? 'alert' : 'status' }, text);
}

/**
 * The notice for a failed read of a view's route: a 404 means this server does not serve that view (an older
 * or embedding server, or one that keeps no such state), anything else is an error with the API's message.
 */
export function failure(error, unavailable, failed) {
  if (error.status !== 404) return notice(`${failed}: ${error.message}`, 'error');
  return notice(error.missingRoute ? `${unavailable}.` : `${unavailable} (${error.message}).`, 'unavailable');
}

/** Code-like text (names, ids, JSON), kept on its own in a monospace face. */
export function code(text) {
  return el('code', {}, text);
}

const pad = (n) => String(n).padStart(2, '0');

/** A time (epoch ms or ISO text) as local `YYYY-MM-DD HH:MM:SS`, in a <time> element with the ISO value. */
export function time(value) {
  if (value === undefined || value === null || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const text = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return el('time', { datetime: date.toISOString() }, text);
}

/** A duration in ms as `850 ms`, `12.3 s` or `4 min 5 s`. */
export function duration(ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** A value as compact JSON text (a string that already is JSON text stays as it is). */
export function jsonText(value) {
  if (typeof value === 'string') return value;
  return value === undefined ? '' : JSON.stringify(value);
}

/** A form field's trimmed value ('' when empty). */
export function field(form, name) {
  const input = form.elements.namedItem(name);
  return input && 'value' in input ? String(input.value).trim() : '';
}
