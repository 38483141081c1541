/**
 * Code Mode's worth is what an agent spends: the agent-task set (`lib/agent-tasks`) run once in each tool
 * mode against the real service, each mode on its own fresh SQLite file seeded the same way, through the
 * official SDK client over Streamable HTTP. Tokens (bytes / 4 of everything read and written), round trips
 * and every answer checked against the database; the per-task breakdown goes to stderr and to
 * bench/results/agent-tasks.md.
 */
const { mkdirSync, mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { runAgentTasks } = require('../lib/agent-tasks');
const { agentTaskRows, breakdownTable } = require('../lib/agent-tasks/breakdown');
const { startAppServer } = require('../lib/app-server');

const RESULTS = join(__dirname, '../results/agent-tasks.md');

/** Runs the set in `mode` on a server of its own over `databasePath`. */
async function runMode(mode, databasePath) {
  const server = await startAppServer({ toolMode: mode, databasePath });
  try {
    return await runAgentTasks({ url: server.httpUrl, databasePath, mode });
  } finally {
    await server.close();
  }
}

module.exports = {
  title: 'Agent tasks: tokens and round trips, Code Mode vs direct mode',
  async run(ctx) {
    const dir = mkdtempSync(join(tmpdir(), 'myko-agent-tasks-'));
    try {
      const code = await runMode('code', join(dir, 'code.db'));
      const direct = await runMode('direct', join(dir, 'direct.db'));
      const table = breakdownTable(code, direct);
      ctx.log(`tokens per task (bytes / 4):\n${table}`);
      mkdirSync(join(RESULTS, '..'), { recursive: true });
      writeFileSync(RESULTS, `# Agent tasks: tokens per task (bytes / 4)\n\n${table}\n`);
      return agentTaskRows(code, direct);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
