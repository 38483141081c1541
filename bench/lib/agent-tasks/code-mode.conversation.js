/**
 * A Code Mode conversation: the task's searches in the words a person would type, then ONE `execute`
 * of the script an agent writes after reading the answers. Round trips: the searches + 1.
 */
const { callTool } = require('./conversation');
const { unnamedOperations } = require('./named-operations');

/**
 * Runs `task` on a connected client. Resolves the script's answer and the operations it called that
 * no search answer named (the execute still runs, so both servers' databases evolve the same way).
 */
async function codeModeConversation(client, task, ledger) {
  const answers = [];
  for (const query of task.searches) {
    ledger.turn(1);
    answers.push((await callTool(client, ledger, 'search', 'search', { query })).join('\n'));
  }
  const unnamed = unnamedOperations(task.script, answers);
  ledger.turn(1);
  const [result] = await callTool(client, ledger, 'execute', 'execute', { code: task.script });
  return { answer: JSON.parse(result), unnamed };
}

module.exports = { codeModeConversation };
