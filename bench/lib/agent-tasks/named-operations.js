/**
 * Code Mode's honesty rule: a script may call only operations whose call shape the task's search answers
 * showed, since an agent cannot write the arguments of an operation it only saw named. Shown: a JSON entry of
 * it (`"id":"<id>"`, which lists its arguments), its TypeScript signature (`<kind> <id>(`, marks `!~` after the
 * id allowed) or its declaration
 * (`myko.<kind>('<id>'`). A one-line mention (a compact entry, another operation's description) is not enough.
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

/** Whether `text` shows how to call the operation (its arguments), in any of the answer formats. */
function shows(text, kind, id) {
  const pattern = new RegExp(
    `"id":"${literal(id)}"|(?<![\\w$])${kind} ${literal(id)}[!~]*\\(|myko\\.${kind}\\('${literal(id)}'`,
  );
  return pattern.test(text);
}

/** The `<kind>_<id>` of every operation the script calls whose call shape none of the answers shows. */
function unnamedOperations(script, answers) {
  return calledOperations(script)
    .filter(([kind, id]) => !answers.some((text) => shows(text, kind, id)))
    .map(([kind, id]) => `${kind}_${id}`);
}

module.exports = { calledOperations, unnamedOperations };
