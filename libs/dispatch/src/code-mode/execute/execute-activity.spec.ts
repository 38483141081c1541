import type { SandboxLaneChange, SandboxService } from '@myko/sandbox';
import { ExecuteMonitor } from './execute.monitor';
import { ExecuteActivity } from './execute-activity';
import type { GuardEvent } from './execute-guard.event';

/** The sandbox's lane side only: a lane change is what the sandbox tells, the rest it is not asked here. */
function laneSandbox() {
  const listeners: ((change: SandboxLaneChange) => void)[] = [];
  const sandbox = {
    onLaneChange: (listener: (change: SandboxLaneChange) => void) => {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
    laneOf: () => ({ lane: 'heavy' as const, cpuMs: 42 }),
  };
  return {
    sandbox: sandbox as unknown as SandboxService,
    change: (c: SandboxLaneChange) => {
      for (const listener of listeners) listener(c);
    },
  };
}

describe('ExecuteActivity', () => {
  it('keeps the runs in flight until each ends', () => {
    const { sandbox } = laneSandbox();
    const activity = new ExecuteActivity(sandbox, new ExecuteMonitor());
    const end = activity.begin({ principal: 'key:a', conversation: 'key:a/s1', startedAt: 1 });
    activity.begin({ principal: 'key:b', conversation: 'key:b/s2', startedAt: 2 });
    expect(activity.inFlight().map((run) => run.principal)).toEqual(['key:a', 'key:b']);
    end();
    end();
    expect(activity.inFlight().map((run) => run.principal)).toEqual(['key:b']);
  });

  it('turns a demotion to the heavy lane into a guard event, built only while someone listens', () => {
    const { sandbox, change } = laneSandbox();
    const monitor = new ExecuteMonitor();
    const activity = new ExecuteActivity(sandbox, monitor);
    const events: GuardEvent[] = [];
    change({ principal: 'key:a', client: 'key:a/s1', cause: 'cpu-bound', cpuPercent: 50 });
    const stop = monitor.onGuard((event) => events.push(event));
    change({ principal: 'key:a', client: 'key:a/s1', cause: 'cpu-bound', cpuPercent: 50 });
    expect(events).toEqual([
      { action: 'demoted', at: expect.any(Number), principal: 'key:a', conversation: 'key:a/s1', reason: 'cpu-bound' },
    ]);
    stop();
    activity.onModuleDestroy();
    change({ principal: 'key:b', client: 'key:b/s1', cause: 'cpu-share', cpuPercent: 50 });
    expect(events).toHaveLength(1);
    expect(activity.laneOf('key:a')).toEqual({ lane: 'heavy', cpuMs: 42 });
  });

  it("reads a cooldown from the guard, with the cause of a start it saw, else its level's rule", async () => {
    const { sandbox } = laneSandbox();
    const monitor = new ExecuteMonitor();
    const activity = new ExecuteActivity(sandbox, monitor);
    const party = { principal: 'key:a', conversation: 'key:a/s1' };
    expect(await activity.cooldownOf(party)).toBeUndefined();
    activity.readCooldownsWith(async () => ({
      level: 'conversation',
      retryAfterMs: 5_000,
      strikes: 3,
      windowMs: 60_000,
    }));
    expect(await activity.cooldownOf(party, 1_000)).toEqual({
      level: 'conversation',
      conversation: 'key:a/s1',
      reason: '3 strikes',
      until: 6_000,
    });
    monitor.reportCooldown({ ...party, level: 'conversation', cause: 'timeout', durationMs: 5_000 });
    expect((await activity.cooldownOf(party))?.reason).toBe('timeout');
    expect(activity.recentCooldownParties()).toEqual([party]);
  });
});
