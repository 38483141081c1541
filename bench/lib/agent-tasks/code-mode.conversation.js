/**
 * A Code Mode conversation: the task's searches in the words a person would type, issued together in one
 * turn (parallel tool calls, as direct mode's independent calls are), then ONE `execute` of the script an
 * agent writes after reading the answers. Round trips: 2.
 */
const { callTool } = require('./conversation');
const { unnamedOperations } = require('./named-operations');

/**
 * Runs `task` on a connected client. Resolves the script's answer and the operations it called that
 * no search answer named (the execute still runs, so both servers' databases evolve the same way).
 */
async function codeModeConversation(client, task, ledger) {
  ledger.turn(task.searches.length);
  const answers = await Promise.all(
    task.searches.map(async (query) => (await callTool(client, ledger, 'search', 'search', { query })).join('\n')),
  );
  const unnamed = unnamedOperations(task.script, answers);
  ledger.turn(1);
  const [result] = await callTool(client, ledger, 'execute', 'execute', { code: task.script });
  return { answer: JSON.parse(result), unnamed };
}

module.exports = { codeModeConversation };
