/**
 * The agent-task benchmark's parts, plain CommonJS so that a jest test can run the set without the bench
 * harness: the task set, the runner (one server, one mode) and the token accounting.
 */
const { PARTS, tokens } = require('./ledger');
const { runAgentTasks } = require('./task-runner');
const { AGENT_TASKS } = require('./task-set');

module.exports = { AGENT_TASKS, PARTS, runAgentTasks, tokens };
