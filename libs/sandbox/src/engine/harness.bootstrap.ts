import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ivm from 'isolated-vm';
import { BOOTSTRAP_FILENAME, USER_SCRIPT_FILENAME } from '../sandbox.constants';

/** Matches `<user file>:<line>:<column>` in a stack trace. */
const USER_POSITION_PATTERN = `${USER_SCRIPT_FILENAME.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:(\\d+):(\\d+)`;

/** The bootstrap program: `isolate-bootstrap.js`, a function expression, beside this file in the sources and in dist/. */
const BOOTSTRAP_SOURCE = readFileSync(join(__dirname, 'isolate-bootstrap.js'), 'utf8');
/** Where a startup snapshot keeps the compiled bootstrap until the context's harness takes it (and deletes it). */
const SNAPSHOT_GLOBAL = '__mykoBootstrap';

/**
 * The closure the isolate evaluates: the bootstrap called with the host callbacks. Without a snapshot the
 * bootstrap is compiled here, on the closure's first line so stack positions match the file's.
 */
const BOOTSTRAP_CLOSURE = `'use strict'; const bootstrap = ${BOOTSTRAP_SOURCE}
return bootstrap($0, $1, $2, $3);`;
/** The same from an isolate started from {@link createBootstrapSnapshot}: no user code has run yet to see the global. */
const SNAPSHOT_CLOSURE = `'use strict'; const bootstrap = globalThis.${SNAPSHOT_GLOBAL}; delete globalThis.${SNAPSHOT_GLOBAL};
return bootstrap($0, $1, $2, $3);`;
/**
 * Compiles the bootstrap's hot paths into the snapshot: V8 runs this in a throwaway context and keeps only the
 * compiled code, none of the state (the harness it builds, the globals it removes and installs).
 */
const SNAPSHOT_WARMUP = `{ const harness = globalThis.${SNAPSHOT_GLOBAL}(() => undefined, () => true, () => undefined, 'x');
harness.start(async function () { return 1; }, 1000, 100, 1000, 1000); }`;

/**
 * A startup snapshot holding the bootstrap function, compiled: an isolate started from it bootstraps in about
 * half the time. Only the function is in it: every context still runs the bootstrap itself (a snapshot does
 * not keep what its script deleted, such as `WebAssembly`), and no run's state can be in it (isolate.pool.spec).
 */
export function createBootstrapSnapshot(): ivm.ExternalCopy<ArrayBuffer> {
  const script = { code: `globalThis.${SNAPSHOT_GLOBAL} = ${BOOTSTRAP_SOURCE}`, filename: BOOTSTRAP_FILENAME };
  return ivm.Isolate.createSnapshot([script], SNAPSHOT_WARMUP);
}

/** Where the harness's host callbacks go: the run holding the isolate sets them before its code runs. */
export interface HarnessHooks {
  send(callId: unknown, kind: unknown, id: unknown, argsJson: unknown, argsLength: unknown): void;
  write(level: unknown, text: unknown): boolean;
  done(answer: unknown): void;
}

/** The harness inside a fresh isolate: `start` and `settle` are held by the host alone. */
export interface Harness {
  readonly start: ivm.Reference;
  readonly settle: ivm.Reference;
  /** Starts as a sink (nothing listens before a run holds the isolate). */
  hooks: HarnessHooks;
}

/** Hooks of a harness no run holds: whatever its context still calls goes nowhere. */
export const IDLE_HOOKS: HarnessHooks = { send: () => undefined, write: () => false, done: () => undefined };

/**
 * Runs the bootstrap in a fresh context before any run holds it (the `IsolatePool` does this ahead of
 * demand, off the request path); `fromSnapshot`: the isolate was started from {@link createBootstrapSnapshot}.
 * The callbacks forward to `hooks`, so the run that gets the isolate only has to point them at itself: its
 * first entry is just its own code.
 */
export async function bootstrapHarness(context: ivm.Context, fromSnapshot = false): Promise<Harness> {
  const harness = { hooks: IDLE_HOOKS } as { -readonly [K in keyof Harness]: Harness[K] };
  const send = new ivm.Callback((...args: Parameters<HarnessHooks['send']>) => harness.hooks.send(...args), {
    ignored: true,
  });
  const write = new ivm.Callback((level: unknown, text: unknown) => harness.hooks.write(level, text));
  const done = new ivm.Callback((answer: unknown) => harness.hooks.done(answer), { ignored: true });
  const control: ivm.Reference = await context.evalClosure(
    fromSnapshot ? SNAPSHOT_CLOSURE : BOOTSTRAP_CLOSURE,
    [send, write, done, USER_POSITION_PATTERN],
    {
      filename: BOOTSTRAP_FILENAME,
      result: { reference: true },
    },
  );
  try {
    // Synchronous: two property reads in an isolate nothing else uses yet cost less than two trips to its thread.
    harness.start = control.getSync('start', { reference: true });
    harness.settle = control.getSync('settle', { reference: true });
  } finally {
    control.release();
  }
  return harness;
}
