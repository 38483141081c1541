import { execute, type LoadServer, startLoadServer } from '../helpers/execute-load';

jest.setTimeout(120_000);

/**
 * A script's parallel `myko.*` calls, and the answers that settle together, cross between the server and the
 * sandbox process several to an IPC message: each call still gets its own answer, in the script's order, a
 * refused call fails alone, and the calls of several runs at once never reach another run.
 */
const fanOut = (session: string, calls: number, badAt: number) => `
const calls = Array.from({ length: ${calls} }, (_, i) =>
  myko.query('Wait', i === ${badAt} ? { ms: -1 } : { ms: i % 3, tag: '${session}-' + i }));
const settled = await Promise.allSettled(calls);
return settled.map((s) => (s.status === 'fulfilled' ? s.value.tag : 'refused: ' + s.reason.name));`;

function expected(session: string, calls: number, badAt: number): string[] {
  return Array.from({ length: calls }, (_, i) => (i === badAt ? 'refused: InvalidArgumentsError' : `${session}-${i}`));
}

describe('execute: parallel myko.* calls through the real service', () => {
  let load: LoadServer;

  beforeAll(async () => {
    load = await startLoadServer({});
  });
  afterAll(() => load?.close());

  it('answers each of 30 parallel calls with its own result, in order; the one invalid call fails alone', async () => {
    const client = await load.open(load.keys.a);
    const outcome = await execute(client, fanOut('a', 30, 17));
    expect(outcome.isError).toBe(false);
    expect(JSON.parse(outcome.text)).toEqual(expected('a', 30, 17));
  });

  it('keeps the calls of several sessions running at once apart (one sandbox process serves them all)', async () => {
    const sessions = ['s1', 's2', 's3', 's4', 's5', 's6'];
    const clients = await Promise.all(sessions.map((_, i) => load.open(i % 2 === 0 ? load.keys.a : load.keys.b)));
    for (let round = 0; round < 3; round++) {
      const outcomes = await Promise.all(
        clients.map((client, i) => execute(client, fanOut(sessions[i] as string, 12, i))),
      );
      outcomes.forEach((outcome, i) => {
        expect(outcome.isError).toBe(false);
        expect(JSON.parse(outcome.text)).toEqual(expected(sessions[i] as string, 12, i));
      });
    }
  });
});
