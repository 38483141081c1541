/** Resident memory of a process and its descendants (the server and its sandbox processes), from /proc. */
const { readdirSync, readFileSync } = require('node:fs');

/** VmRSS in bytes, or 0 when the process is gone. */
function rssBytes(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Direct children of `pid`, read from every thread's `children` list. */
function childPids(pid) {
  const children = [];
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
      if (text) children.push(...text.split(/\s+/).map(Number));
    }
  } catch {
    // gone, or no /proc
  }
  return children;
}

/** CPU time (user + system) of a process in ms, from /proc/<pid>/stat, or 0 when it is gone. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name; in clock ticks (100/s).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU time in ms of `pid` alone and of its children (the sandbox processes), which a phase subtracts. */
function treeCpu(pid) {
  const children = childPids(pid);
  return { server: cpuMs(pid), sandbox: children.reduce((sum, child) => sum + cpuMs(child), 0) };
}

/** RSS of `pid` alone and of its whole tree (sandbox processes included). */
function treeRss(pid) {
  const server = rssBytes(pid);
  let total = server;
  const pending = childPids(pid);
  const seen = new Set(pending);
  while (pending.length > 0) {
    const child = pending.pop();
    total += rssBytes(child);
    for (const grandchild of childPids(child)) {
      if (seen.has(grandchild)) continue;
      seen.add(grandchild);
      pending.push(grandchild);
    }
  }
  return { server, total, processes: seen.size };
}

module.exports = { treeCpu, treeRss };
