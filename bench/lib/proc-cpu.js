/**
 * CPU time of a process and its descendants (a server and its sandbox processes), from /proc (Linux).
 * Read per thread from `schedstat` (nanoseconds), not from `stat`'s clock ticks: at 10 ms a tick, one
 * request's few milliseconds would round to 0 or 10. Threads and processes that end between two readings take
 * their time with them (an undercount); a benchmark that reads per request keeps them alive in between.
 */
const { readdirSync, readFileSync } = require('node:fs');

const tasksOf = (pid) => {
  try {
    return readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
};

/** Nanoseconds on CPU of every live thread of `pid` (0 when it is gone). */
function processNanos(pid) {
  let total = 0;
  for (const tid of tasksOf(pid)) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return total;
}

/** Direct children of `pid`, from every thread's `children` list. */
function childPids(pid) {
  const children = [];
  for (const tid of tasksOf(pid)) {
    try {
      const text = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
      if (text) children.push(...text.split(/\s+/).map(Number));
    } catch {
      // gone
    }
  }
  return children;
}

/** `pid` and all its descendants. */
function treePids(pid) {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) pids.push(...childPids(pids[i]));
  return pids;
}

/** Whether per-thread CPU can be read here (Linux with schedstat). */
function canReadTreeCpu(pid) {
  return processNanos(pid) > 0;
}

/** CPU time, in ms, that `pids` (see `treePids`) have used so far, all threads together. */
function cpuMsOf(pids) {
  return pids.reduce((sum, pid) => sum + processNanos(pid), 0) / 1e6;
}

module.exports = { canReadTreeCpu, cpuMsOf, treePids };
