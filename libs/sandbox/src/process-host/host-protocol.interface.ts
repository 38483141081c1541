import type { BridgeRefusal } from '../engine/bridge-refusal';
import type { RunnerSettings } from '../engine/isolate-runner';
import type { SandboxCallKind, SandboxRunResult } from '../interfaces/sandbox-run.interface';

/**
 * The IPC protocol between the server and a sandbox process. Only plain data crosses; code and JSON texts
 * travel as strings. Runs are numbered by the server, calls by the sandbox process (per run).
 */

/** What a sandbox process is started with (its argv[2], as JSON). */
export interface HostConfig {
  memoryMb: number;
  warmPool: number;
  /** Isolates of this process that may execute JavaScript at once (its share of `maxConcurrent`). */
  cpuSlots: number;
  /** Resident memory, in MB, past which the run computing hardest is stopped (`processRssLimitMb`; 0: automatic). */
  rssLimitMb?: number;
}

/** Server → sandbox process: run `code` under `limits`, stopping it after `wallMs`. */
export interface RunMessage {
  type: 'run';
  runId: number;
  code: string;
  wallMs: number;
  limits: RunnerSettings;
  /** `SandboxRunRequest.reuseKey`: the conversation whose next run may get this run's isolate. */
  reuseKey?: string;
  /** A heavy client's run: it waits behind the others for a CPU slot, and its thread runs at low priority. */
  lowPriority?: true;
}

/** Server → sandbox process: the caller aborted the run; stop it now. */
export interface CancelMessage {
  type: 'cancel';
  runId: number;
}

/** Server → sandbox process: how a `myko.*` call ended (JSON text, or the error to throw into the script). */
export type AnswerMessage =
  | { type: 'answer'; runId: number; callId: number; ok: true; json: string }
  | { type: 'answer'; runId: number; callId: number; ok: false; refusal: BridgeRefusal };

export type ToHostMessage = RunMessage | CancelMessage | AnswerMessage;

/**
 * Either way: several messages that were ready in the same callback, in order, in one IPC
 * message (`MessageBatcher`); the receiver handles them one by one as if they had come apart.
 */
export interface BatchMessage<Message> {
  type: 'batch';
  messages: Message[];
}

/** Sandbox process → server: started and able to run. */
export interface ReadyMessage {
  type: 'ready';
  liveIsolates: number;
}

/** Sandbox process → server: the script called `myko.<kind>(id, args)`; limits were already checked. */
export interface CallMessage {
  type: 'call';
  runId: number;
  callId: number;
  kind: SandboxCallKind;
  id: string;
  argsJson: string;
}

/** Sandbox process → server: the run ended; with the process's state after it. */
export interface DoneMessage {
  type: 'done';
  runId: number;
  result: SandboxRunResult;
  liveIsolates: number;
  rssMb: number;
  /** Isolates of the process executing JavaScript as the run ended, and the most at once so far. */
  executing: number;
  peakExecuting: number;
}

/**
 * Sandbox process → server: its isolate count once the warm pool has been refilled after a run (the `done`
 * message goes out before the refill, so its count can be one short of what stays alive).
 */
export interface IsolatesMessage {
  type: 'isolates';
  liveIsolates: number;
}

/** Sandbox process → server: V8 lost an isolate; the process takes no more runs and exits once idle. */
export interface CatastropheMessage {
  type: 'catastrophe';
  message: string;
}

/** Sandbox process → server: the run has used `CPU_BOUND_MS` of CPU time (`SandboxRunRequest.onCpuBound`). */
export interface CpuBoundMessage {
  type: 'cpu-bound';
  runId: number;
}

/**
 * Sandbox process → server: the process can no longer serve runs as it should (a demoted thread could not
 * get its priority back); replace it once its runs have finished.
 */
export interface RetireMessage {
  type: 'retire';
  reason: string;
}

/** Sandbox process → server: something for the server's log (the process has no logger of its own). */
export interface LogMessage {
  type: 'log';
  message: string;
  /** @default 'error' */
  level?: 'warn' | 'error';
}

/**
 * Sandbox process → server: the run has been executing JavaScript for a while (`busy`), or no longer is
 * (`calm`). If the process dies meanwhile, its death is charged to the busy runs.
 */
export interface BusyMessage {
  type: 'busy' | 'calm';
  runId: number;
}

export type FromHostMessage =
  | ReadyMessage
  | CallMessage
  | DoneMessage
  | IsolatesMessage
  | CatastropheMessage
  | RetireMessage
  | CpuBoundMessage
  | BusyMessage
  | LogMessage;
