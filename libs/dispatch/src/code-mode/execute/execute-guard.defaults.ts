import { type OptionTable, optionDefaults } from '@myko/options';
import type { AbuseBackoffOptions, ExecuteGuardOptions } from '../../interfaces/execute-guard-options.interface';
import { DEFAULT_EXECUTION_LIMITS } from '../executions/execution-record';

type RunCap = 'maxRunsPerSession' | 'maxRunsPerKey' | 'maxRunsPerAddress' | 'maxScriptBytes' | 'resultBudgetBytes';
type TypeCheckBound = 'typeCheckWorkers' | 'typeCheckTimeoutMs' | 'typeCheckQueue' | 'typeCheckQueuePerClient';
type ExecutionBound = 'executionRetentionMs' | 'journalMaxEntries' | 'journalMaxBytes' | 'taskMaxTtlMs';

/**
 * The per-client run caps of `execute`, the size of a script and the bounds of its type checker
 * (`DispatchModuleOptions.execute`, the config file's `sandbox` section): default, minimum, doc.
 * @publicApi
 */
export const EXECUTE_GUARD_OPTION_TABLE: OptionTable<RunCap | TypeCheckBound | ExecutionBound> = {
  maxRunsPerSession: {
    default: 4,
    minimum: 0,
    inConfigFile: true,
    doc: 'Scripts one session (HTTP session, WebSocket connection, stdio) holds resident at once; past it execute is refused at once with a retry hint (JSON-RPC -32029). 0: no limit.',
  },
  maxRunsPerKey: {
    default: 128,
    minimum: 0,
    inConfigFile: true,
    doc: 'The same per API key, over all its sessions. 0: no limit.',
  },
  maxRunsPerAddress: {
    default: 128,
    minimum: 0,
    inConfigFile: true,
    doc: 'The same per client address, for clients without an API key, over all their sessions. 0: no limit.',
  },
  // 400 × the longest script of the corpora (647 bytes); well under the 575 KiB flood of issue 39.
  maxScriptBytes: {
    default: 262_144,
    minimum: 1_024,
    inConfigFile: true,
    doc: 'Largest execute script, in UTF-8 bytes; a longer one is refused as invalid arguments before it is scanned, checked or run, and counts as a strike of abuseBackoff.',
  },
  // About 4,000 tokens: a page of rows the model can read whole; past it, aggregating in the script pays.
  resultBudgetBytes: {
    default: 16_384,
    minimum: 1_024,
    inConfigFile: true,
    doc: 'UTF-8 bytes of an execute result the model reads (profiles.<name>.resultBudgetBytes overrides it); a larger result is cut structurally, still valid JSON (arrays shortened, long strings cut, deep values elided), with a one-line note of what was cut and how to get the rest. maxResultBytes stays the hard cap.',
  },
  typeCheckWorkers: {
    default: 0,
    minimum: 0,
    inConfigFile: true,
    doc: 'Type checks at once, each in a worker process started and warmed at boot (one more is kept warm to replace a worker stopped at its limit). 0: min(2, cores).',
  },
  typeCheckTimeoutMs: {
    default: 2_000,
    minimum: 1,
    inConfigFile: true,
    doc: "A type check's CPU time in its worker, from when the worker starts it (wall-clock time stops it only at 5× this, so waiting for a core on a loaded machine does not count); past it the script is not run under strict, and it counts as its client's strike of the abuse backoff.",
  },
  typeCheckQueue: {
    default: 256,
    minimum: 1,
    inConfigFile: true,
    doc: 'Type checks waiting for a worker, all clients together; past it execute is refused at once with a retry hint (JSON-RPC -32029).',
  },
  typeCheckQueuePerClient: {
    default: 64,
    minimum: 1,
    inConfigFile: true,
    doc: 'The same per client (API key or token identity, else address).',
  },
  executionRetentionMs: {
    default: DEFAULT_EXECUTION_LIMITS.retentionMs,
    minimum: 1_000,
    inConfigFile: true,
    doc: "How long an execution's record (its journal) is kept in the state store, and how long a paused execution waits for a decision before it expires.",
  },
  journalMaxEntries: {
    default: DEFAULT_EXECUTION_LIMITS.maxEntries,
    minimum: 1,
    inConfigFile: true,
    doc: "myko.* calls an execution's journal records; past it the run is served but its journal is truncated, and it can neither pause nor be resumed.",
  },
  journalMaxBytes: {
    default: DEFAULT_EXECUTION_LIMITS.maxBytes,
    minimum: 1_024,
    inConfigFile: true,
    doc: "Bytes of arguments and results an execution's journal records; past it, as past journalMaxEntries.",
  },
  taskMaxTtlMs: {
    default: DEFAULT_EXECUTION_LIMITS.retentionMs,
    minimum: 1_000,
    inConfigFile: true,
    doc: "Longest a task-augmented execute (MCP Tasks) and its result are kept, from its start: a client's ttl is capped at it, no ttl means this. A result is kept within journalMaxBytes.",
  },
};

/**
 * The abuse backoff of `execute` (`abuseBackoff`, `false` switches it off): default, minimum, doc.
 * @publicApi
 */
export const ABUSE_BACKOFF_OPTION_TABLE: OptionTable<keyof AbuseBackoffOptions> = {
  strikes: {
    default: 3,
    minimum: 1,
    inConfigFile: true,
    doc: 'Limit-stopped runs of one conversation (session, WebSocket connection, stateless conversation) that start its cooldown; its siblings under the same key keep running.',
  },
  windowMs: { default: 60_000, minimum: 1, inConfigFile: true, doc: 'Window the strikes are counted in, in ms.' },
  cooldownMs: {
    default: 30_000,
    minimum: 1,
    inConfigFile: true,
    doc: 'First cooldown, in ms; doubles on each repeat.',
  },
  maxCooldownMs: { default: 600_000, minimum: 1, inConfigFile: true, doc: 'Longest cooldown, in ms.' },
  principalConversations: {
    default: 3,
    minimum: 0,
    inConfigFile: true,
    doc: 'Conversations (sessions, WebSocket connections, stateless conversations) of one API key or address that each earned a cooldown within windowMs before the whole key or address is paused, with the same doubling. 0: never.',
  },
  // Above what one conversation can earn in a window (its strikes, a cooldown, its strikes again: 2 × strikes;
  // runs ending during its cooldown do not count), so only several conversations together reach it: a client
  // that rotates sessions before any cools down.
  principalStrikes: {
    default: 10,
    minimum: 0,
    inConfigFile: true,
    doc: 'Strikes of one API key or address over all its conversations within windowMs that pause it as a whole. 0: never.',
  },
};

export const DEFAULT_ABUSE_BACKOFF: Readonly<AbuseBackoffOptions> = Object.freeze(
  optionDefaults(ABUSE_BACKOFF_OPTION_TABLE),
);

const DEFAULT_GUARD_COUNTS = optionDefaults(EXECUTE_GUARD_OPTION_TABLE);

/** Applies the defaults; a partial `abuseBackoff` keeps the defaults of the fields it omits. */
export function resolveExecuteGuardOptions(
  options: Partial<
    Omit<ExecuteGuardOptions, 'abuseBackoff' | 'typeCheck' | 'profileTypeChecks' | 'profileResultBudgets'>
  > & {
    typeCheck?: ExecuteGuardOptions['typeCheck'];
    profileTypeChecks?: ExecuteGuardOptions['profileTypeChecks'];
    profileResultBudgets?: ExecuteGuardOptions['profileResultBudgets'];
    abuseBackoff?: Partial<AbuseBackoffOptions> | false;
  } = {},
): ExecuteGuardOptions {
  const { abuseBackoff, typeCheck = 'strict', profileTypeChecks = {}, profileResultBudgets = {}, ...caps } = options;
  return {
    ...DEFAULT_GUARD_COUNTS,
    ...definedOnly(caps),
    typeCheck,
    profileTypeChecks: { ...profileTypeChecks },
    profileResultBudgets: { ...profileResultBudgets },
    abuseBackoff: abuseBackoff === false ? false : { ...DEFAULT_ABUSE_BACKOFF, ...abuseBackoff },
  };
}

/** The caps that are set: an explicit `undefined` keeps the default. */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}
