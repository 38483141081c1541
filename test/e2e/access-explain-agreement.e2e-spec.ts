import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ADMIN_KEY,
  type AdminProfileName,
  adminFetch,
  PROFILE_KEYS,
  startAdminServer,
  writeAdminConfig,
} from '../helpers/admin-fixtures';
import { callsScript, drawTriples, type Triple } from '../helpers/explain-triples';
import { useReleases } from '../helpers/releases';
import type { TestServer } from '../helpers/test-server';

jest.setTimeout(180_000);

const SEED = 43;
const COUNT = 240;
/** The errors a script gets when the service refuses a call: hidden or unknown, callability, invalid arguments. */
const REFUSALS = new Set(['OperationNotFoundError', 'CallRefusedError', 'InvalidArgumentsError']);
/** Profiles served Code Mode (compared through `execute`), and one served one tool per operation (`tools/call`). */
const CODE_PROFILES: AdminProfileName[] = ['support', 'ops', 'warehouse'];
const DIRECT_COUNT = 60;

const config = writeAdminConfig();
let server: TestServer;
beforeAll(async () => {
  server = await startAdminServer(config.path);
});
afterAll(() => server?.close());
const opened = useReleases();

async function connect(profile: AdminProfileName): Promise<Client> {
  const headers = { Authorization: `Bearer ${PROFILE_KEYS[profile]}` };
  const client = opened(new Client({ name: 'explain-agreement', version: '1.0.0' }), (c) => c.close());
  await client.connect(new StreamableHTTPClientTransport(server.httpUrl, { requestInit: { headers } }));
  return client;
}

/** What the service did with each call of one profile's triples, made in one `execute` in plan mode. */
async function serviceOutcomes(profile: AdminProfileName, triples: Triple[]): Promise<(string | null)[]> {
  const client = await connect(profile);
  const result = await client.callTool({ name: 'execute', arguments: { code: callsScript(triples), mode: 'plan' } });
  const text = (result.content as { text: string }[])[0]?.text;
  if (result.isError) throw new Error(`execute failed for ${profile}: ${text}`);
  return (result.structuredContent as { result: (string | null)[] }).result;
}

/** What the admin API says about one triple. */
async function explained(triple: Triple): Promise<{ allowed: boolean; decidedBy: string; reason: string }> {
  const body = { key: PROFILE_KEYS[triple.profile], operation: `${triple.kind}_${triple.id}`, args: triple.args };
  const answer = await adminFetch(server, '/admin/access/explain', { key: ADMIN_KEY, body });
  expect(answer.status).toBe(200);
  return answer.body;
}

it(`the explainer's answers agree with what the service does for ${COUNT} seeded (key, operation, arguments) triples`, async () => {
  const triples = drawTriples(SEED, COUNT, CODE_PROFILES);
  const disagreements: string[] = [];
  const deciders = new Map<string, number>();
  for (const profile of CODE_PROFILES) {
    const mine = triples.filter((triple) => triple.profile === profile);
    const outcomes = await serviceOutcomes(profile, mine);
    expect(outcomes).toHaveLength(mine.length);
    for (const [i, triple] of mine.entries()) {
      const answer = await explained(triple);
      const error = outcomes[i];
      const refused = error !== null && REFUSALS.has(error.split(':')[0]);
      deciders.set(answer.decidedBy, (deciders.get(answer.decidedBy) ?? 0) + 1);
      if (answer.allowed === refused) {
        disagreements.push(
          `${profile} ${triple.kind}_${triple.id} ${JSON.stringify(triple.args)}: explainer ${answer.allowed ? 'allowed' : `refused (${answer.reason})`}, service ${error ?? 'went through'}`,
        );
      }
    }
  }
  expect(disagreements).toEqual([]);
  // Every check decided some triples, so the comparison covers each of them.
  for (const decider of ['allowed', 'unknown', 'visibility', 'callability', 'arguments']) {
    expect({ decider, enough: (deciders.get(decider) ?? 0) >= 10 }).toEqual({ decider, enough: true });
  }
});

/** A direct `tools/call`: null when it went through (or failed in the operation), else why it was refused. */
async function directOutcome(client: Client, triple: Triple): Promise<string | null> {
  try {
    const result = await client.callTool({ name: `${triple.kind}_${triple.id}`, arguments: triple.args });
    const text = (result.content as { text: string }[]).map((block) => block.text).join(' ');
    return result.isError && /refused|Invalid arguments/.test(text) ? text : null;
  } catch (error) {
    return `protocol error: ${(error as Error).message}`;
  }
}

it(`agrees with direct tools/call for ${DIRECT_COUNT} seeded triples of a profile served one tool per operation`, async () => {
  const triples = drawTriples(SEED + 1, DIRECT_COUNT, ['reader']);
  const client = await connect('reader');
  const disagreements: string[] = [];
  let allowed = 0;
  for (const triple of triples) {
    const answer = await explained(triple);
    const refusal = await directOutcome(client, triple);
    if (answer.allowed) allowed++;
    if (answer.allowed !== (refusal === null)) {
      disagreements.push(
        `${triple.kind}_${triple.id} ${JSON.stringify(triple.args)}: explainer ${answer.allowed ? 'allowed' : `refused (${answer.reason})`}, service ${refusal ?? 'went through'}`,
      );
    }
  }
  expect(disagreements).toEqual([]);
  expect({ allowed, refused: triples.length - allowed }).toEqual({
    allowed: expect.any(Number),
    refused: expect.any(Number),
  });
  expect(Math.min(allowed, triples.length - allowed)).toBeGreaterThanOrEqual(10);
});
