/**
 * Runs the task set against one server, one fresh conversation per task, and checks every answer
 * against that server's SQLite file (opened read-only beside the server's own connection).
 */
const Database = require('better-sqlite3');
const { codeModeConversation } = require('./code-mode.conversation');
const { openConversation } = require('./conversation');
const { directConversation } = require('./direct.conversation');
const { Ledger } = require('./ledger');
const { AGENT_TASKS } = require('./task-set');

const CONVERSATIONS = { code: codeModeConversation, direct: directConversation };

/**
 * @param {{ url: URL | string, databasePath: string, mode: 'code' | 'direct', tasks?: readonly object[] }} options
 *   `url`: the server's MCP endpoint (Streamable HTTP), serving `mode`; `databasePath`: its SQLite file.
 * @returns {Promise<object[]>} one record per task, in order (see `TaskRecord` in index.d.ts)
 */
async function runAgentTasks({ url, databasePath, mode, tasks = AGENT_TASKS }) {
  const conversation = CONVERSATIONS[mode];
  if (!conversation) throw new Error(`Unknown tool mode ${mode}: code or direct`);
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const records = [];
    for (const task of tasks) records.push(await runTask(task, mode, conversation, { url, db }));
    return records;
  } finally {
    db.close();
  }
}

async function runTask(task, mode, conversation, { url, db }) {
  const ledger = new Ledger();
  const record = { task: task.name, mode, answer: undefined, unnamed: [], problems: [] };
  let client;
  try {
    const before = task.before?.(db);
    client = await openConversation(url, ledger);
    const { answer, unnamed } = await conversation(client, task, ledger);
    Object.assign(record, { answer, unnamed });
    if (unnamed.length > 0)
      record.problems.push(`the script calls what no search answer showed how to call: ${unnamed.join(', ')}`);
    record.problems.push(...task.check(db, answer, before));
  } catch (error) {
    record.problems.push(error instanceof Error ? error.message : String(error));
  } finally {
    await client?.close();
  }
  return { ...record, passed: record.problems.length === 0, ...ledger.summary() };
}

module.exports = { runAgentTasks };
