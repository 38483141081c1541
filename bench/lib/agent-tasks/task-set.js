/**
 * The agent-task set: business tasks over every example plugin, each written as an agent would do it in
 * Code Mode (searches, then one script) and in direct mode (turns of tool calls). The plugins' tasks take
 * turns, so reads also run after earlier tasks' commands changed the data; both servers run them in this
 * order, so their databases evolve the same way.
 */
const INVENTORY = require('./inventory.tasks');
const ORDERS = require('./orders.tasks');
const REPORTING = require('./reporting.tasks');
const INVENTORY_NESTED = require('./inventory-nested.tasks');
const ORDERS_NESTED = require('./orders-nested.tasks');
const REPORTING_NESTED = require('./reporting-nested.tasks');

/** Round-robin over the lists: a[0], b[0], c[0], a[1], … */
function takingTurns(lists) {
  const longest = Math.max(...lists.map((list) => list.length));
  return Array.from({ length: longest }, (_, i) => lists.map((list) => list[i]).filter(Boolean)).flat();
}

/**
 * The tasks over nested result types come after the first set, so that set runs on the same data as before
 * they were added and its figures stay comparable.
 * @type {readonly import('./index').AgentTask[]}
 */
const AGENT_TASKS = Object.freeze([
  ...takingTurns([REPORTING, ORDERS, INVENTORY]),
  ...takingTurns([REPORTING_NESTED, ORDERS_NESTED, INVENTORY_NESTED]),
]);

const duplicate = AGENT_TASKS.find((task, i) => AGENT_TASKS.findIndex((t) => t.name === task.name) !== i);
if (duplicate) throw new Error(`Two agent tasks are named ${duplicate.name}`);

module.exports = { AGENT_TASKS };
