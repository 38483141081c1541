import { type ChildProcess, fork } from 'node:child_process';
import type { Socket } from 'node:net';
import type { HostConfig } from '../process-host/host-protocol.interface';
import type { HostLaunch } from './host-launch';

/** Linux only: elsewhere a new session buys nothing (and on Windows would open a console). */
const SEPARATE_SESSION = process.platform === 'linux';

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
    // Its own session, hence (Linux autogroup) its own scheduling group: a script spinning in it keeps
    // only this group busy, and the server's group still wins the cores when a request comes in.
    detached: SEPARATE_SESSION,
  });
  for (const stream of [child.stdout, child.stderr]) (stream as Socket | null)?.unref();
  child.unref();
  child.channel?.unref();
  return child;
}
