/**
 * The clients the server moved to its low-priority sandbox lane (fair shares), read from its log as it
 * writes: fair shares must slow the hostile client and nobody honest, and only the log says whom.
 */
const HEAVY = /((?:key|address):\S+) used more than [\d.]+ % of the sandbox's CPU lately/;

/** Collects, in order, every client id the server's output names as turned heavy. */
function watchHeavyClients(child) {
  const clients = [];
  let rest = '';
  const scan = (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) {
      const match = HEAVY.exec(line);
      if (match && !clients.includes(match[1])) clients.push(match[1]);
    }
  };
  child.stdout.on('data', scan);
  child.stderr.on('data', scan);
  return clients;
}

module.exports = { watchHeavyClients };
