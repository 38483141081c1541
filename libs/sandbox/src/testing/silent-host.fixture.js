// A sandbox host that never reports ready (start-up must time out). Used by process/sandbox-process.pool.spec.ts.
process.on('disconnect', () => process.exit(0));
setInterval(() => undefined, 1_000);
