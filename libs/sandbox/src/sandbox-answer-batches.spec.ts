import { ISOLATIONS } from '../../../test/fixtures/sandbox/isolations';
import type { SandboxBridge } from './interfaces/sandbox-run.interface';
import { SandboxService } from './sandbox.service';

/**
 * A bridge whose calls all wait until `release` answers them at once, in the order given: answers that
 * settle together cross (and enter the isolate) together. Calls of `id` 'Bad' are refused.
 */
function heldBridge() {
  const held = new Map<number, () => void>();
  const bridge: SandboxBridge = {
    call: (_kind, id, argsJson) =>
      new Promise<string>((resolve, reject) => {
        const { n } = JSON.parse(argsJson) as { n: number };
        const refusal = Object.assign(new Error(`no ${n}`), { name: 'ConflictError' });
        held.set(n, id === 'Bad' ? () => reject(refusal) : () => resolve(JSON.stringify({ n })));
      }),
  };
  const until = async (count: number) => {
    while (held.size < count) await new Promise((resolve) => setTimeout(resolve, 2));
  };
  const release = (order: number[]) => {
    for (const n of order) held.get(n)?.();
  };
  return { bridge, until, release };
}

describe.each(ISOLATIONS)('answers that settle together (batched crossing), %s', (isolation) => {
  let sandbox: SandboxService;

  beforeAll(() => {
    sandbox = new SandboxService({ isolation, warmPool: 1 });
  });
  afterAll(() => sandbox.onApplicationShutdown());

  it('resumes the script in the order the answers came, each call with its own result or error', async () => {
    const { bridge, until, release } = heldBridge();
    const code = `const seen = [];
const calls = [1, 2, 3, 4, 5, 6].map((n) =>
  myko.query(n === 2 || n === 5 ? 'Bad' : 'Echo', { n }).then(
    (value) => seen.push('ok ' + value.n),
    (error) => seen.push(error.name + ' ' + error.message),
  ));
await Promise.all(calls);
return seen;`;
    const running = sandbox.run({ code, bridge });
    await until(6);
    release([6, 5, 4, 3, 2, 1]);
    expect(await running).toMatchObject({
      ok: true,
      resultJson: JSON.stringify(['ok 6', 'ConflictError no 5', 'ok 4', 'ok 3', 'ConflictError no 2', 'ok 1']),
    });
  });

  it('keeps the answers of two runs settling at once apart', async () => {
    const first = heldBridge();
    const second = heldBridge();
    const code = 'return (await Promise.all([1, 2, 3].map((n) => myko.query("Echo", { n })))).map((v) => v.n);';
    const runs = [sandbox.run({ code, bridge: first.bridge }), sandbox.run({ code, bridge: second.bridge })];
    await Promise.all([first.until(3), second.until(3)]);
    first.release([3, 1, 2]);
    second.release([2, 3, 1]);
    const [a, b] = await Promise.all(runs);
    expect(a).toMatchObject({ ok: true, resultJson: '[1,2,3]' });
    expect(b).toMatchObject({ ok: true, resultJson: '[1,2,3]' });
  });
});
