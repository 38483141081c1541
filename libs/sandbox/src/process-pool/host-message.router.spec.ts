import { InMemoryBridge } from '../../../../test/fixtures/sandbox/in-memory.bridge';
import type { RunnerSettings } from '../engine/isolate-runner';
import { SandboxCancelledError } from '../errors/sandbox-cancelled.error';
import type {
  BatchMessage,
  CallMessage,
  FromHostMessage,
  ToHostMessage,
} from '../process-host/host-protocol.interface';
import { type HostMessageTarget, routeHostMessage } from './host-message.router';
import type { ProcessListener } from './process-listener.interface';
import { ProcessRun } from './process-run';

const LIMITS: RunnerSettings = {
  cpuTimeMs: 1_000,
  memoryMb: 64,
  maxCalls: 50,
  maxArgBytes: 10_000,
  maxResultBytes: 10_000,
  maxConsoleBytes: 10_000,
};

const call = (runId: number, callId: number, n: number): CallMessage => ({
  type: 'call',
  runId,
  callId,
  kind: 'query',
  id: 'Echo',
  argsJson: JSON.stringify({ n }),
});

/** The server's side of a sandbox process, without the process: real runs, whose messages to it are recorded. */
function processWithRuns(runIds: number[], listener: Partial<ProcessListener<string>> = {}) {
  const sent: ToHostMessage[] = [];
  const logs: string[] = [];
  const bridge = new InMemoryBridge({ query_Echo: (args) => args });
  const channel = { send: (message: ToHostMessage) => sent.push(message), kill: () => undefined };
  const runs = new Map(
    runIds.map((runId) => [runId, new ProcessRun(runId, { code: 'return 1', bridge }, 10_000, LIMITS, 1_000, channel)]),
  );
  for (const run of runs.values()) void run.start();
  const target: HostMessageTarget<string> = {
    proc: 'process',
    runs,
    report: { liveIsolates: 0, rssMb: 0, executing: 0, peakExecuting: 0 },
    listener: {
      onCatastrophe: () => undefined,
      onLog: (_process, message) => logs.push(message),
      onRetireRequest: () => undefined,
      onRunEnded: () => undefined,
      onExit: () => undefined,
      ...listener,
    },
    markReady: () => undefined,
  };
  const answers = () => sent.filter((message) => message.type === 'answer');
  const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
  return { runs, target, bridge, answers, logs, settle };
}

describe('routeHostMessage, with batches of a sandbox process', () => {
  it('serves the calls of several runs in one batch, each by its own run, in the order they came', async () => {
    const { target, bridge, answers, settle, runs } = processWithRuns([1, 2]);
    const batch: BatchMessage<FromHostMessage> = {
      type: 'batch',
      messages: [call(1, 1, 10), call(2, 1, 20), call(1, 2, 11), call(2, 2, 21)],
    };
    routeHostMessage(batch, target);
    await settle();
    expect(bridge.received.map((received) => received.args)).toEqual([{ n: 10 }, { n: 20 }, { n: 11 }, { n: 21 }]);
    expect(answers()).toEqual([
      { type: 'answer', runId: 1, callId: 1, ok: true, json: '{"n":10}' },
      { type: 'answer', runId: 2, callId: 1, ok: true, json: '{"n":20}' },
      { type: 'answer', runId: 1, callId: 2, ok: true, json: '{"n":11}' },
      { type: 'answer', runId: 2, callId: 2, ok: true, json: '{"n":21}' },
    ]);
    for (const run of runs.values()) run.fail(new SandboxCancelledError(false));
  });

  it('drops the calls of a run that has ended and still serves the rest of the batch', async () => {
    const { target, bridge, answers, settle, runs } = processWithRuns([1, 2]);
    (runs.get(1) as ProcessRun).fail(new SandboxCancelledError(false));
    routeHostMessage({ type: 'batch', messages: [call(1, 1, 10), call(3, 1, 30), call(2, 1, 20)] }, target);
    await settle();
    expect(bridge.received.map((received) => received.args)).toEqual([{ n: 20 }]);
    expect(answers()).toEqual([{ type: 'answer', runId: 2, callId: 1, ok: true, json: '{"n":20}' }]);
    (runs.get(2) as ProcessRun).fail(new SandboxCancelledError(false));
  });

  it('logs a message of the batch that cannot be handled and handles the ones after it', async () => {
    const { target, bridge, answers, settle, logs, runs } = processWithRuns([1], {
      onCatastrophe: () => {
        throw new Error('listener broke');
      },
    });
    routeHostMessage(
      {
        type: 'batch',
        messages: [null as never, { type: 'catastrophe', message: 'lost an isolate' }, call(1, 1, 10)],
      },
      target,
    );
    await settle();
    expect(logs).toEqual([expect.stringContaining('listener broke')]);
    expect(bridge.received).toHaveLength(1);
    expect(answers()).toEqual([{ type: 'answer', runId: 1, callId: 1, ok: true, json: '{"n":10}' }]);
    (runs.get(1) as ProcessRun).fail(new SandboxCancelledError(false));
  });
});
