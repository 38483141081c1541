import { type ChildProcess, fork } from 'node:child_process';
import type { Socket } from 'node:net';
import type { HostConfig } from '../process-host/host-protocol.interface';
import type { HostLaunch } from './host-launch';

/**
 * Forks a sandbox process with an IPC channel, no environment (no secrets) and no terminal, unref'd so
 * that it never keeps the server alive (it ends with the channel).
 */
export function forkHostProcess(launch: HostLaunch, config: HostConfig): ChildProcess {
  const child = fork(launch.modulePath, [JSON.stringify(config)], {
    execArgv: launch.execArgv,
    env: {},
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    serialization: 'json',
    // The server's own session, not a new one: under Linux autogroup a new session is a scheduling group of its
    // own, weighted like the server's whole group, so a spinning script would get as much CPU as the server and
    // the lowest thread priority `CpuHogDemoter` gives it would count only inside that group. In one group, a
    // demoted thread (niceness 19) yields the cores to the server. A terminal's Ctrl-C reaching this process
    // too is ignored by it (`sandbox-host.main.ts`): the server decides when it ends.
    detached: false,
  });
  for (const stream of [child.stdout, child.stderr]) (stream as Socket | null)?.unref();
  child.unref();
  child.channel?.unref();
  return child;
}
