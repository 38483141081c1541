import { openSession, postMcp, type RawReply } from '../helpers/raw-mcp';
import { startTestServer, type TestServer, typeChecked } from '../helpers/test-server';
import { unknownIdScript } from '../support/probe-scripts';

jest.setTimeout(60_000);

const execute = (id: number, code: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'execute', arguments: { code } },
});

/** The text of a tool result's first block. */
function textOf(reply: RawReply): string {
  return (reply.body.result as { content: { text: string }[] }).content[0].text;
}

/**
 * Issue 39 (finding 2): one client's huge `execute` naming thousands of ids it cannot see does not freeze the
 * server for another client: over the size limit it is refused before any scan, under it the main thread's part
 * of its check is bounded, and another client's `ping` is answered meanwhile.
 */
describe('execute: a flood of unknown ids does not stall other clients', () => {
  let server: TestServer;
  let url: URL;
  let flooder: string;
  let bystander: string;

  beforeAll(async () => {
    server = await startTestServer(typeChecked());
    url = server.httpUrl;
    [flooder, bystander] = await Promise.all([openSession(url), openSession(url)]);
  });
  afterAll(() => server.close());

  it('refuses the 575 KiB script at once as over maxScriptBytes, and answers the other client', async () => {
    const code = unknownIdScript(575 * 1024, 20_000);
    expect(code.split('\n').length).toBeGreaterThan(20_000);
    const [big, ping] = await Promise.all([
      postMcp(url, execute(1, code), flooder),
      postMcp(url, { jsonrpc: '2.0', id: 2, method: 'ping' }, bystander),
    ]);
    expect(ping.body).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    expect(big.body.result).toMatchObject({ isError: true });
    expect(textOf(big)).toMatch(
      /`code` must be at most 262,144 bytes \(UTF-8; the server's maxScriptBytes\), not 58\d,\d{3}/,
    );
  });

  it('answers a ping sent after a maximum-size script that repeats an unknown id, before the script', async () => {
    const order: string[] = [];
    const code = unknownIdScript(256 * 1024 - 128, 1);
    const big = postMcp(url, execute(3, code), flooder).then((reply) => {
      order.push('execute');
      return reply;
    });
    const ping = postMcp(url, { jsonrpc: '2.0', id: 4, method: 'ping' }, bystander).then((reply) => {
      order.push('ping');
      return reply;
    });
    expect((await ping).body).toEqual({ jsonrpc: '2.0', id: 4, result: {} });
    const refused = await big;
    expect(order).toEqual(['ping', 'execute']);
    expect(textOf(refused)).toMatch(/^Type check failed \(nothing ran\):\n1:13 Unknown operation: query_HiddenOp0/);
    expect(textOf(refused).match(/Unknown operation/g)).toHaveLength(1);
  });

  it('refuses a maximum-size script naming thousands of distinct unknown ids after a bounded scan', async () => {
    const code = unknownIdScript(256 * 1024 - 128, 20_000);
    const reply = await postMcp(url, execute(5, code), flooder);
    expect(textOf(reply)).toMatch(
      /^Type check failed \(nothing ran\):\n257:13 The script names more than 256 distinct/,
    );
  });
});
