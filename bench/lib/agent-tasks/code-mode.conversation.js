/**
 * A Code Mode conversation as the instructions ask for it: ONE `search` call whose `queries` are the task's
 * searches in the words a person would type (a section each, one shared type block), then ONE `execute` of
 * the script an agent writes after reading the answer. Round trips: 2, tool calls: 2.
 */
const { callTool } = require('./conversation');
const { unnamedOperations } = require('./named-operations');

/**
 * Runs `task` on a connected client. Resolves the script's answer and the operations it called that
 * no search answer named (the execute still runs, so both servers' databases evolve the same way).
 */
async function codeModeConversation(client, task, ledger) {
  ledger.turn(1);
  const answer = (await callTool(client, ledger, 'search', 'search', { queries: task.searches })).join('\n');
  const unnamed = unnamedOperations(task.script, [answer]);
  ledger.turn(1);
  const [result] = await callTool(client, ledger, 'execute', 'execute', { code: task.script });
  return { answer: JSON.parse(result), unnamed };
}

module.exports = { codeModeConversation };
