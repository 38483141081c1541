import type { BatchMessage, FromHostMessage } from '../process-host/host-protocol.interface';
import { unbatch } from '../process-host/message-batcher';
import type { HostReport, ProcessListener } from './process-listener.interface';
import type { ProcessRun } from './process-run';

/** Where the messages of one sandbox process go: its runs, what it reports of itself, and the pool. */
export interface HostMessageTarget<Process> {
  readonly proc: Process;
  readonly runs: ReadonlyMap<number, ProcessRun>;
  readonly report: HostReport;
  readonly listener: ProcessListener<Process>;
  markReady(): void;
}

/**
 * Routes one IPC message of a sandbox process, or each message of its batch in order: to the run it names, into
 * its report, or to the pool. A message that cannot be handled is logged and the rest of its batch still is.
 */
export function routeHostMessage<Process>(
  message: FromHostMessage | BatchMessage<FromHostMessage>,
  to: HostMessageTarget<Process>,
): void {
  for (const one of unbatch(message)) {
    try {
      routeOne(one, to);
    } catch (error) {
      to.listener.onLog(to.proc, `Could not handle a message of the sandbox process: ${String(error)}`, 'error');
    }
  }
}

function routeOne<Process>(message: FromHostMessage, to: HostMessageTarget<Process>): void {
  switch (message?.type) {
    case 'ready':
      to.report.liveIsolates = message.liveIsolates;
      to.markReady();
      break;
    case 'call':
      to.runs.get(message.runId)?.onCall(message);
      break;
    case 'done':
      to.report.liveIsolates = message.liveIsolates;
      to.report.rssMb = message.rssMb;
      to.report.executing = message.executing;
      to.report.peakExecuting = Math.max(to.report.peakExecuting, message.peakExecuting);
      to.runs.get(message.runId)?.onDone(message.result);
      break;
    case 'isolates':
      to.report.liveIsolates = message.liveIsolates;
      break;
    case 'catastrophe':
      to.listener.onCatastrophe(to.proc, String(message.message));
      break;
    case 'log':
      to.listener.onLog(to.proc, String(message.message), message.level === 'warn' ? 'warn' : 'error');
      break;
    case 'busy':
    case 'calm': {
      const run = to.runs.get(message.runId);
      if (run) run.busy = message.type === 'busy';
      break;
    }
    case 'cpu-bound':
      to.runs.get(message.runId)?.onCpuBound();
      break;
    case 'retire':
      to.listener.onRetireRequest(to.proc, String(message.reason));
      break;
  }
}
