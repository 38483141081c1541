import type Database from 'better-sqlite3';

/** The server's tool mode a run talks to. */
export type ToolMode = 'code' | 'direct';

/** A direct tool call: the tool's name (`<kind>_<id>`) and its arguments. */
export type DirectCall = [name: string, args: Record<string, unknown>];

/** Every earlier turn's results (parsed JSON, a list output unwrapped), one array per turn. */
export type TurnResults = unknown[][];

/** One business task, as an agent does it in each mode, and how its answer is checked. */
export interface AgentTask {
  /** Stable, unique kebab-case name. */
  name: string;
  /** What the user asks, in their words. */
  ask: string;
  /** Code Mode: the `search` queries, in the words a person would type (one or two). */
  searches: string[];
  /** Code Mode: the one `execute` script; it may call only operations the search answers named. */
  script: string;
  /** Direct mode: the turns, each a function of the earlier results; an empty turn ends the plan. */
  direct: Array<(results: TurnResults) => DirectCall[]>;
  /** Direct mode: the answer the agent gives from every turn's results. */
  answer(results: TurnResults): unknown;
  /** Read before the conversation (what commands will change); passed to `check`. */
  before?(db: Database.Database): unknown;
  /** Reads the database after the conversation; the problems found (none: the answer is right). */
  check(db: Database.Database, answer: unknown, before: unknown): string[];
}

/** Bytes the model read and wrote in one part of a conversation. */
export interface Usage {
  read: number;
  written: number;
}

/** The parts: instructions + tools/list, then Code Mode's searches and execute, or direct mode's calls. */
export type Part = 'fixed' | 'search' | 'execute' | 'direct';

/** What one task's conversation produced and cost. */
export interface TaskRecord {
  task: string;
  mode: ToolMode;
  answer: unknown;
  /** Code Mode: `<kind>_<id>` of operations the script called that no search answer named. */
  unnamed: string[];
  /** Why the task failed; empty when it passed. */
  problems: string[];
  passed: boolean;
  usage: Record<Part, Usage>;
  /** Every byte read and written. */
  bytes: number;
  /** Model turns that called tools. */
  roundTrips: number;
  /** Tool calls over those turns. */
  calls: number;
}

export interface RunOptions {
  /** The server's MCP endpoint (Streamable HTTP), serving `mode`. */
  url: URL | string;
  /** The server's SQLite file, read-only here. */
  databasePath: string;
  mode: ToolMode;
  /** Default: the whole set, in order. */
  tasks?: readonly AgentTask[];
}

/** The task set, in run order. */
export const AGENT_TASKS: readonly AgentTask[];
export const PARTS: readonly Part[];

/** Runs the tasks against one server, a fresh conversation each, and checks every answer. */
export function runAgentTasks(options: RunOptions): Promise<TaskRecord[]>;

/** bytes / 4, rounded. */
export function tokens(bytes: number): number;
