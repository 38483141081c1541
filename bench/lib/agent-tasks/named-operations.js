/**
 * Code Mode's honesty rule: a script may call only operations that the task's search answers named,
 * whatever those answers look like (JSON entries, TypeScript signatures, one-line summaries). An id
 * counts as named when it appears as a whole identifier, alone or as `<kind>_<id>`.
 */

const CALL = /myko\.(query|view|report|command)\(\s*['"`]([A-Za-z_$][\w$]*)['"`]/g;

/** `[kind, id]` of every `myko.<kind>('<id>', …)` call in a script, each once. */
function calledOperations(script) {
  const seen = new Map();
  for (const [, kind, id] of script.matchAll(CALL)) seen.set(`${kind}_${id}`, [kind, id]);
  return [...seen.values()];
}

/** `text` as a regular expression that matches it literally (identifiers may hold `$`). */
const literal = (text) => text.replace(/[$]/g, '\\$');

/** Whether `id` appears in `text` as an identifier of its own (`CancelOrder`, `command_CancelOrder`). */
function names(text, kind, id) {
  const pattern = new RegExp(`(?<![\\w$])(?:${kind}_)?${literal(id)}(?![\\w$])`);
  return pattern.test(text);
}

/** The `<kind>_<id>` of every operation the script calls that none of the answers names. */
function unnamedOperations(script, answers) {
  return calledOperations(script)
    .filter(([kind, id]) => !answers.some((text) => names(text, kind, id)))
    .map(([kind, id]) => `${kind}_${id}`);
}

module.exports = { calledOperations, unnamedOperations };
