import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Browser, Page } from 'puppeteer-core';
import { createAppConfig } from '../../src/config/app.config';
import { ADMIN_PROFILES } from '../helpers/admin-fixtures';
import {
  launchChromium,
  openView,
  screenshot,
  setValue,
  signIn,
  textOf,
  watchPageProblems,
} from '../helpers/console-browser';
import { releaseAll } from '../helpers/releases';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(120_000);

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON results
type Json = any;
/** The few page globals the browser callbacks touch (the tests compile without the DOM library). */
declare const document: { getElementById(id: string): Shown | null; querySelector(selector: string): Shown | null };
declare const window: { __pwned?: number };
declare const sessionStorage: { length: number };
interface Shown {
  hidden: boolean;
  textContent: string | null;
  cells: ArrayLike<Shown>;
}

const ADMIN_KEY = 'operator-key-for-the-console-e2e';
const HOSTILE = '<img src=x onerror="window.__pwned=1">';
/** Anonymous agents run unrestricted (DeactivateProduct is gated by `approval: true`); two profiles to explain. */
const CONFIG = {
  auth: { required: false },
  audit: { path: 'audit.log' },
  profiles: { ops: ADMIN_PROFILES.ops, support: ADMIN_PROFILES.support },
  // Three CPU-limited runs in a minute cool a conversation down for two minutes: long enough to be seen.
  sandbox: { cpuTimeMs: 100, abuseBackoff: { strikes: 3, windowMs: 60_000, cooldownMs: 120_000 } },
};

let server: TestServer;
let browser: Browser;
let page: Page;
let problems: string[];
let dir: string;
const agents: Client[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'myko-console-'));
  const configPath = join(dir, 'myko.config.json');
  writeFileSync(configPath, JSON.stringify(CONFIG));
  const cli = { host: '127.0.0.1', port: 0, databasePath: join(dir, 'myko.db'), configPath };
  [server, browser] = await Promise.all([
    startTestServer(createAppConfig('serve', cli, { MYKO_ADMIN_KEY: ADMIN_KEY })),
    launchChromium(),
  ]);
  page = await browser.newPage();
  problems = watchPageProblems(page);
});
afterAll(() =>
  releaseAll(
    () => browser?.close(),
    ...agents.map((agent) => () => agent.close()),
    () => server?.close(),
    () => dir && rmSync(dir, { recursive: true, force: true }),
  ),
);

const consoleUrl = () => new URL('/admin/console/', server.httpUrl).href;

/** An admin API call from the test itself (not the browser): status and JSON body. */
async function admin(path: string, key = ADMIN_KEY, body?: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(new URL(`/admin/${path}`, server.httpUrl), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

/** An agent: the SDK 1.x client over HTTP, no elicitation (it cannot approve anything itself). */
async function connectAgent(): Promise<Client> {
  const agent = new Client({ name: 'console-e2e-agent', version: '1.0.0' }, { capabilities: {} });
  agents.push(agent);
  await agent.connect(new StreamableHTTPClientTransport(server.httpUrl));
  return agent;
}

/** An agent runs a script that pauses before DeactivateProduct (`approval: true`). */
async function pausedExecution(productId: number): Promise<string> {
  const agent = await connectAgent();
  const result: Json = await agent.callTool({
    name: 'execute',
    arguments: {
      code: `await myko.command('DeactivateProduct', { productId: ${productId} }); return 'done';`,
    },
  });
  expect(result.structuredContent.execution).toMatchObject({ state: 'paused' });
  return result.structuredContent.execution.id;
}

/** An agent's conversation spins past the CPU limit three times: the fourth `execute` is refused, cooling down. */
let cooldown: Promise<void> | undefined;
const cooledDown = (): Promise<void> => {
  cooldown ??= provokeCooldown();
  return cooldown;
};
async function provokeCooldown(): Promise<void> {
  const agent = await connectAgent();
  const spin = () => agent.callTool({ name: 'execute', arguments: { code: 'while (true) {}' } }) as Promise<Json>;
  for (let strike = 0; strike < 3; strike++) expect((await spin()).isError).toBe(true);
  expect((await spin()).content[0].text).toMatch(/cool|retry/i);
}

describe('the console without a key', () => {
  it('serves its files with strict headers, asks for the key, and the API refuses the page (401)', async () => {
    const context = await browser.createBrowserContext();
    try {
      const fresh = await context.newPage();
      const response = await fresh.goto(consoleUrl(), { waitUntil: 'networkidle0' });
      const headers = response!.headers();
      expect(headers['content-security-policy']).toMatch(/^default-src 'self';.*script-src 'self'/);
      expect(headers['content-security-policy']).not.toContain('unsafe-inline');
      expect(headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
        'x-frame-options': 'DENY',
      });
      expect(await fresh.$eval('#sign-in', (node) => (node as unknown as Shown).hidden)).toBe(false);
      expect(await fresh.$eval('#app', (node) => (node as unknown as Shown).hidden)).toBe(true);
      const status = await fresh.evaluate(async () => (await fetch('../whoami')).status);
      expect([status, (await fetch(new URL('/admin/executions/ex_x', server.httpUrl))).status]).toEqual([401, 401]);
      await screenshot(fresh, 'sign-in');
    } finally {
      await context.close();
    }
  });

  it('serves only its own files: another name, a path outside, or a POST is a 404', async () => {
    for (const path of ['nope.js', '..%2fadmin.module.js', '%2e%2e%2f%2e%2e%2fpackage.json', '__proto__']) {
      expect((await fetch(new URL(`/admin/console/${path}`, server.httpUrl))).status).toBe(404);
    }
    expect((await fetch(new URL('/admin/console/index.html', server.httpUrl), { method: 'POST' })).status).toBe(404);
    const script = await fetch(new URL('/admin/console/console.js', server.httpUrl));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('refuses a wrong key and asks again', async () => {
    await page.goto(consoleUrl(), { waitUntil: 'networkidle0' });
    await page.waitForSelector('#sign-in:not([hidden])');
    await page.type('#admin-key', 'not-the-admin-key');
    await page.click('#sign-in-form button[type=submit]');
    await page.waitForFunction(() => document.getElementById('sign-in-error')?.textContent?.includes('refused'));
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });
});

describe('the console with the admin key', () => {
  beforeAll(async () => {
    await page.goto(consoleUrl(), { waitUntil: 'networkidle0' });
    await signIn(page, ADMIN_KEY);
  });

  it('Access explains a profile: each operation with its verdict and the rule that decided', async () => {
    await openView(page, 'access');
    await page.select('#access-by', 'profile');
    await page.type('#access-subject', 'ops');
    await page.click('#access-form button[type=submit]');
    await page.waitForSelector('#access-result table');
    const row = async (name: string) => {
      const cells = await page.$$eval('#access-result tbody tr', (rows) =>
        rows.map((tr) => Array.from((tr as unknown as Shown).cells, (cell) => cell.textContent ?? '')),
      );
      return cells.find((cellsOfRow) => cellsOfRow[0] === name);
    };
    expect(await row('command_CancelOrder')).toEqual([
      'command_CancelOrder',
      'command',
      'callable, limited',
      'allow command_CancelOrder',
      'allow command_CancelOrder: warehouseCode ∈ ["BER"]',
      '',
    ]);
    expect((await row('command_RestockProduct'))?.slice(2)).toEqual([
      'needs approval',
      'allow command_RestockProduct',
      'deny command_RestockProduct: warehouseCode ∉ ["MUC"]',
      'required by profiles.ops.approval: command_Restock*',
    ]);
    expect((await row('command_PlaceOrder'))?.slice(2, 4)).toEqual(['hidden', 'no allow pattern matches']);
    await screenshot(page, 'access');
  });

  it('Access answers a point question with the rule down to the argument', async () => {
    await setValue(page, '#access-operation', 'command_CancelOrder');
    await setValue(page, '#access-args', '{ "orderId": 1, "warehouseCode": "MUC" }');
    await page.click('#access-form button[type=submit]');
    await page.waitForSelector('#access-result .verdict[data-allowed="false"]');
    const text = await textOf(page, '#access-result');
    expect(text).toContain('Refused command_CancelOrder');
    expect(text).toContain('profiles.ops.callable.allow.command_CancelOrder.warehouseCode');
    expect(text).toContain('callability');
  });

  it('shows a hostile operation name as text, never as markup', async () => {
    await setValue(page, '#access-operation', HOSTILE);
    await setValue(page, '#access-args', '');
    await page.click('#access-form button[type=submit]');
    await page.waitForFunction(
      (hostile) => document.querySelector('#access-result .verdict')?.textContent?.includes(hostile),
      {},
      HOSTILE,
    );
    expect(await page.$$('#access-result img')).toHaveLength(0);
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
    expect(await textOf(page, '#access-result .reason')).toContain(`${HOSTILE} is not an operation`);
  });

  it('Approvals: a paused execution approved from the console resumes and completes', async () => {
    const [id, other] = [await pausedExecution(7), await pausedExecution(8)];
    await openView(page, 'approvals');
    await setValue(page, '#operator-name', 'console-e2e');
    const row = (execution: string) => `#approvals-list tr[data-execution="${execution}"]`;
    await page.waitForSelector(row(other));
    expect(await textOf(page, row(id))).toContain('command_DeactivateProduct {"productId":7}');
    expect(await textOf(page, row(id))).toContain('paused');
    await screenshot(page, 'approvals');
    await page.click(`${row(id)} button[aria-label="Approve ${id}"]`);
    await page.waitForSelector(`.decided[data-execution="${id}"][data-state="completed"]`);
    const decided = await textOf(page, '.decided');
    expect(decided).toContain('approved by operator:console-e2e');
    expect(decided).toContain('"done"');
    // The list is read again: the approved one is gone, the other still waits.
    await page.waitForSelector(row(id), { hidden: true });
    expect(await page.$(row(other))).not.toBeNull();
    const read = await admin(`executions/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.execution).toMatchObject({
      id,
      state: 'completed',
      decision: { verdict: 'approved', by: 'operator:console-e2e' },
      calls: [{ operation: 'command_DeactivateProduct', outcome: 'ok' }],
    });
    await screenshot(page, 'approved');
  });

  it('Approvals: an execution opened by its id and rejected ends there', async () => {
    const id = await pausedExecution(9);
    await openView(page, 'approvals');
    await setValue(page, '#execution-id', id);
    await page.click('#approvals-open button[type=submit]');
    // The row is drawn when the read answers: wait for it (a fresh clone's run clicked before it was there).
    const reject = `#approvals-opened tr[data-execution="${id}"] button[aria-label="Reject ${id}"]`;
    await page.waitForSelector(reject);
    await page.click(reject);
    await page.waitForSelector(`.decided[data-execution="${id}"][data-state="rejected"]`);
    expect(await textOf(page, '.decided')).toContain('rejected by operator:console-e2e');
    expect(await page.$(`#approvals-opened tr[data-execution="${id}"]`)).toBeNull();
    expect((await admin(`executions/${id}`)).body.execution).toMatchObject({ state: 'rejected', calls: [] });
    // Opened again, the rejected execution offers Roll back (nothing committed: nothing to compensate).
    await setValue(page, '#execution-id', id);
    await page.click('#approvals-open button[type=submit]');
    const rollback = `#approvals-opened tr[data-execution="${id}"] button[aria-label="Roll back ${id}"]`;
    await page.waitForSelector(rollback);
    await page.click(rollback);
    await page.waitForSelector(`.decided[data-execution="${id}"][data-state="rolled_back"]`);
    expect(await textOf(page, '.decided')).toContain('rolled back by operator:console-e2e (0 compensated, 0 skipped)');
    expect((await admin(`executions/${id}`)).body.execution).toMatchObject({
      state: 'rolled_back',
      rollback: { by: 'operator:console-e2e', compensated: [] },
    });
  });

  it('Live shows a cooldown with its reason and end, as the live view reports it', async () => {
    await cooledDown();
    const live = await admin('live');
    expect(live.status).toBe(200);
    const cooled = live.body.principals.find((entry: Json) => entry.cooldown);
    expect(cooled.cooldown).toMatchObject({ level: 'conversation', reason: 'cpu' });
    await openView(page, 'live');
    await page.click('#live-refresh');
    const row = `#live-result tr[data-principal="${cooled.principal}"]`;
    await page.waitForSelector(`${row} .cooldown`);
    const text = await textOf(page, `${row} .cooldown`);
    expect(text).toContain('cooling down');
    expect(text).toContain(cooled.cooldown.reason);
    expect(text).toMatch(/until \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \(\d+(\.\d)? (s|min)/);
    await screenshot(page, 'live');
  });

  it('Audit finds lines by filter, newest first, and shows a hostile value as text', async () => {
    await cooledDown();
    // An admin line naming a hostile operation (the explainer answers it as unknown).
    expect((await admin('access/explain', ADMIN_KEY, { profile: 'ops', operation: HOSTILE })).status).toBe(200);
    await openView(page, 'audit');
    await setValue(page, '#audit-outcome', 'cooldown');
    await page.click('#audit-form button[type=submit]');
    // The filtered answer, not the unfiltered one the view loaded when it opened.
    await page.waitForFunction(() => {
      const text = document.querySelector('#audit-result tbody')?.textContent ?? '';
      return text.includes('cooldown') && !text.includes('admin');
    });
    const guard = await page.$$eval('#audit-result tbody tr', (rows) =>
      rows.map((tr) => Array.from((tr as unknown as Shown).cells, (cell) => cell.textContent ?? '')),
    );
    expect(guard.length).toBeGreaterThan(0);
    expect(guard.every((cells) => cells[1] === 'guard' && cells[4] === 'cooldown' && cells[5] === 'cpu')).toBe(true);
    await setValue(page, '#audit-outcome', '');
    await setValue(page, '#audit-kind', 'admin');
    await setValue(page, '#audit-operation', HOSTILE);
    await page.click('#audit-form button[type=submit]');
    await page.waitForFunction(
      (hostile) => document.querySelector('#audit-result tbody')?.textContent?.includes(hostile),
      {},
      HOSTILE,
    );
    expect(await page.$$('#audit-result img')).toHaveLength(0);
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
    await setValue(page, '#audit-operation', '');
    await setValue(page, '#audit-kind', '');
    await page.click('#audit-form button[type=submit]');
    await page.waitForFunction(() => {
      const text = document.querySelector('#audit-result tbody')?.textContent ?? '';
      return text.includes('guard') && text.includes('admin');
    });
    await screenshot(page, 'audit');
  });

  it('ran without page errors, CSP or Trusted Types violations', () => {
    expect(problems).toEqual([]);
  });
});
