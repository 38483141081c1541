// A sandbox host that reports ready and then never answers: stands in for a sandbox process whose event loop
// is stuck (the server's own deadline must catch it). Used by process/sandbox-process.pool.spec.ts.
process.send({ type: 'ready', liveIsolates: 0 });
process.on('message', () => undefined);
process.on('disconnect', () => process.exit(0));
