import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AGENT_TASKS,
  type AgentTask,
  runAgentTasks,
  type TaskRecord,
  type ToolMode,
} from '../../bench/lib/agent-tasks';
import { createAppConfig } from '../../src/config/app.config';
import { startTestServer, type TestServer } from '../helpers/test-server';

// The bench's agent-task set (npm run bench: agent-tasks), run once per tool mode so that a task whose
// script, plan or check no longer fits the service fails here. Token figures are the bench's, not asserted.
jest.setTimeout(180_000);

const MODES: ToolMode[] = ['code', 'direct'];

/** A server in `mode` on its own SQLite file, seeded as every fresh file is. */
function serverOn(mode: ToolMode, databasePath: string): Promise<TestServer> {
  const cli = { host: '127.0.0.1', port: 0, databasePath, toolMode: mode, auditLog: 'off' };
  return startTestServer(createAppConfig('serve', cli, {}));
}

/** Runs `tasks` (default: the set) in `mode` on the server of that mode. */
async function run(mode: ToolMode, tasks?: readonly AgentTask[]): Promise<TaskRecord[]> {
  return runAgentTasks({ url: servers[mode].httpUrl, databasePath: files[mode], mode, tasks });
}

const problemsOf = (records: TaskRecord[]) => records.filter((r) => !r.passed).map((r) => [r.task, r.problems]);

let dir: string;
const servers = {} as Record<ToolMode, TestServer>;
const files = {} as Record<ToolMode, string>;
const records = {} as Record<ToolMode, TaskRecord[]>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'myko-agent-tasks-e2e-'));
  for (const mode of MODES) {
    files[mode] = join(dir, `${mode}.db`);
    servers[mode] = await serverOn(mode, files[mode]);
    records[mode] = await run(mode);
  }
});

afterAll(async () => {
  await Promise.all(MODES.map((mode) => servers[mode]?.close()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the agent-task set', () => {
  it('has at least twelve uniquely named tasks, each with one to three searches (one per thing it needs) and a direct plan', () => {
    expect(AGENT_TASKS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(AGENT_TASKS.map((task) => task.name)).size).toBe(AGENT_TASKS.length);
    for (const task of AGENT_TASKS) {
      expect([1, 2, 3]).toContain(task.searches.length);
      expect(task.direct.length).toBeGreaterThan(0);
    }
  });

  it.each(MODES)('answers every task correctly in %s mode, checked against that server’s database', (mode) => {
    expect(records[mode].map((r) => r.task)).toEqual(AGENT_TASKS.map((task) => task.name));
    expect(problemsOf(records[mode])).toEqual([]);
  });

  it("calls in each script only operations that the task's search answers named", () => {
    expect(records.code.filter((r) => r.unnamed.length > 0).map((r) => [r.task, r.unnamed])).toEqual([]);
  });

  it('counts what each conversation read and wrote, by part, and its round trips', () => {
    for (const r of records.code) {
      expect(r.usage.fixed.read).toBeGreaterThan(0);
      expect(r.usage.search.written).toBeGreaterThan(0);
      expect(r.usage.execute.written).toBeGreaterThan(0);
      expect(r.usage.direct).toEqual({ read: 0, written: 0 });
      // One search asks for everything the task needs (`queries`), then the execute.
      expect(r.roundTrips).toBe(2);
      expect(r.calls).toBe(2);
    }
    for (const r of records.direct) {
      expect(r.usage.direct.read).toBeGreaterThan(0);
      expect(r.usage.search).toEqual({ read: 0, written: 0 });
      expect(r.calls).toBeGreaterThanOrEqual(r.roundTrips);
    }
  });
});

describe('the runner fails a task', () => {
  const topProducts = AGENT_TASKS.find((task) => task.name === 'top-products-june')!;

  it('whose answer the database contradicts', async () => {
    const wrong = { ...topProducts, script: 'return [];', answer: () => [{ sku: 'ELE-001', units: 1 }] };
    const [code] = await run('code', [wrong]);
    const [direct] = await run('direct', [wrong]);
    expect([code.passed, direct.passed]).toEqual([false, false]);
    expect(code.problems[0]).toMatch(/^top three by units: expected \[\{"sku":/);
  });

  it('whose script calls an operation no search answer named, though the script worked', async () => {
    const script = `await myko.query('ListStockMovements',{limit:1});\n${topProducts.script}`;
    const [record] = await run('code', [{ ...topProducts, script }]);
    expect(record.unnamed).toEqual(['query_ListStockMovements']);
    expect(record.problems).toEqual([
      'the script calls what no search answer showed how to call: query_ListStockMovements',
    ]);
  });

  it('whose script fails, with the execute error as its problem', async () => {
    const [record] = await run('code', [{ ...topProducts, script: "throw new Error('no luck');" }]);
    expect(record.passed).toBe(false);
    expect(record.problems[0]).toMatch(/^execute failed: .*no luck/s);
  });
});
