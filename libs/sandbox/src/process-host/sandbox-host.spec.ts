import { bare } from '../engine/bridge-refusal';
import type { RunnerSettings } from '../engine/isolate-runner';
import type {
  AnswerMessage,
  BatchMessage,
  CallMessage,
  DoneMessage,
  FromHostMessage,
  RunMessage,
} from './host-protocol.interface';
import { createIpcPort } from './ipc-port';
import { SandboxHost } from './sandbox-host';

const LIMITS: RunnerSettings = {
  cpuTimeMs: 2_000,
  memoryMb: 64,
  maxCalls: 50,
  maxArgBytes: 10_000,
  maxResultBytes: 10_000,
  maxConsoleBytes: 10_000,
};

const run = (runId: number, code: string): RunMessage => ({ type: 'run', runId, code, wallMs: 10_000, limits: LIMITS });
const answer = (runId: number, callId: number, json: string): AnswerMessage => ({
  type: 'answer',
  runId,
  callId,
  ok: true,
  json,
});

/** A sandbox host with real isolates whose IPC port writes into a list instead of a channel. */
function hostOnRecordedChannel(warmPool = 0) {
  const written: Array<FromHostMessage | BatchMessage<FromHostMessage>> = [];
  const port = createIpcPort(
    (message, done) => {
      written.push(message as FromHostMessage);
      done();
    },
    () => undefined,
  );
  const host = new SandboxHost({ memoryMb: 64, warmPool, cpuSlots: 2 }, port);
  const flat = () => written.flatMap((message) => (message.type === 'batch' ? message.messages : [message]));
  const calls = () => flat().filter((message): message is CallMessage => message.type === 'call');
  const done = (runId: number) =>
    flat().find((message): message is DoneMessage => message.type === 'done' && message.runId === runId);
  return { host, written, calls, done };
}

async function until<T>(probe: () => T | undefined, what: string): Promise<T> {
  for (let waited = 0; waited < 10_000; waited += 5) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('SandboxHost on a batching IPC port (real isolates)', () => {
  it('sends the parallel calls of a script as one batch, serves a batch of runs and of answers in order', async () => {
    const { host, written, calls, done } = hostOnRecordedChannel();
    const fan =
      "const r = await Promise.all([1, 2, 3, 4, 5].map((n) => myko.query('Echo', { n })));\nreturn r.map((x) => x.n);";
    host.handle({ type: 'batch', messages: [run(1, fan), run(2, "return (await myko.query('Echo', { n: 7 })).n")] });
    await until(() => (calls().length === 6 ? true : undefined), 'the calls of both runs');
    // Run 2's call may share a batch (calls of several runs ready together). Run 1's five go out batched, in order:
    // in one batch on an idle machine; a loaded one may deschedule the isolate between two calls, and the port
    // then flushes what it holds (seen at load 6: [1, 2] and [3, 4, 5]), so fewer messages than calls is the rule.
    const ofRun1 = (message: FromHostMessage) => message.type === 'call' && message.runId === 1;
    const holding = written.filter((message) =>
      message.type === 'batch' ? message.messages.some(ofRun1) : ofRun1(message),
    );
    expect(holding.length).toBeLessThan(5);
    expect(holding[0].type).toBe('batch');
    const inOrder = holding.flatMap((message) => (message.type === 'batch' ? message.messages : [message]));
    expect(inOrder.filter(ofRun1).map((one) => (one as CallMessage).callId)).toEqual([1, 2, 3, 4, 5]);
    expect(calls().filter((one) => one.runId === 2)).toEqual([
      { type: 'call', runId: 2, callId: 1, kind: 'query', id: 'Echo', argsJson: '{"n":7}' },
    ]);
    // Answers of both runs, out of call order, one to a run this process never had, and a refusal: in one batch.
    host.handle({
      type: 'batch',
      messages: [
        answer(1, 5, '{"n":50}'),
        answer(99, 1, '{"n":0}'),
        answer(2, 1, '{"n":70}'),
        ...[1, 2, 3, 4].map((callId) => answer(1, callId, `{"n":${callId * 10}}`)),
      ],
    });
    expect((await until(() => done(1), 'run 1')).result).toMatchObject({ ok: true, resultJson: '[10,20,30,40,50]' });
    expect((await until(() => done(2), 'run 2')).result).toMatchObject({ ok: true, resultJson: '70' });
  }, 20_000);

  it('ignores an answer to a run that has ended, and throws a refusal in a batch into its own call only', async () => {
    const { host, calls, done } = hostOnRecordedChannel();
    const code = `const settled = await Promise.allSettled([myko.query('A'), myko.query('B')]);
return settled.map((s) => s.status === 'fulfilled' ? s.value : s.reason.name + ': ' + s.reason.message);`;
    host.handle(run(3, code));
    await until(() => (calls().length === 2 ? true : undefined), 'both calls');
    const refusal = bare('OperationNotFoundError', 'no B');
    host.handle({
      type: 'batch',
      messages: [answer(3, 1, '"a"'), { type: 'answer', runId: 3, callId: 2, ok: false, refusal }],
    });
    expect((await until(() => done(3), 'run 3')).result).toMatchObject({
      ok: true,
      resultJson: '["a","OperationNotFoundError: no B"]',
    });
    // Late: the run is over; nothing breaks and nothing more is sent for it.
    const before = calls().length;
    host.handle({ type: 'batch', messages: [answer(3, 1, '"late"'), answer(3, 2, '"late"')] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls()).toHaveLength(before);
  }, 20_000);

  it('sends nothing after a kept run’s done (no isolate count changed), and the new count after a warm one’s refill', async () => {
    const { host, written, done } = hostOnRecordedChannel(1);
    const settled = () => new Promise((resolve) => setTimeout(resolve, 100));
    host.handle({ ...run(1, 'return 1'), reuseKey: 'conversation' });
    await until(() => done(1), 'the kept run');
    await settled();
    expect(written.map((message) => message.type)).toEqual(['done']);
    host.handle(run(2, 'return 2'));
    await until(() => done(2), 'the run without a conversation');
    await settled();
    expect(written.map((message) => message.type)).toEqual(['done', 'done', 'isolates']);
  });
});
