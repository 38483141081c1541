/**
 * A direct-mode conversation: the task's plan as turns, each one model step issuing its independent tool
 * calls at once (in parallel); a turn is a function of every earlier turn's results. An empty turn ends
 * the plan early. The agent's answer is the task's `answer` of all the results.
 */
const { callTool } = require('./conversation');

/** The JSON of a direct tool's text; a list output comes wrapped as `{ result }` (MCP wants an object). */
function resultOf(text) {
  const value = JSON.parse(text);
  const keys = value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
  return keys.length === 1 && keys[0] === 'result' ? value.result : value;
}

/** Runs `task.direct` on a connected client; resolves the answer an agent gives from the results. */
async function directConversation(client, task, ledger) {
  const results = [];
  for (const plan of task.direct) {
    const calls = plan(results);
    if (calls.length === 0) break;
    ledger.turn(calls.length);
    const replies = await Promise.all(calls.map(([name, args]) => callTool(client, ledger, 'direct', name, args)));
    results.push(replies.map(([text]) => resultOf(text)));
  }
  return { answer: task.answer(results), unnamed: [] };
}

module.exports = { directConversation };
