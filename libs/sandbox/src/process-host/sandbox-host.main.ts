/**
 * Entry point of a sandbox process, forked by `SandboxProcess` with an IPC channel: `node --no-node-snapshot
 * --max-old-space-size=<MB> sandbox-host.main.js '<HostConfig JSON>'`. It lives exactly as long as that
 * channel: when the server goes away, for any reason, this process ends too.
 */
import { CpuHogDemoter } from './cpu-hog.demoter';
import type { HostConfig, ToHostMessage } from './host-protocol.interface';
import { createIpcPort } from './ipc-port';
import { LowPriorityThreads } from './low-priority.threads';
import { canRestoreNiceness } from './process-niceness';
import { SandboxHost } from './sandbox-host';

/** SIGKILL, not process.exit(): after V8 has lost an isolate, isolated-vm's teardown never returns. */
const end = () => process.kill(process.pid, 'SIGKILL');

function main(): void {
  const send = process.send?.bind(process);
  if (!send) {
    process.stderr.write('The sandbox host must be started by the server with an IPC channel (child_process.fork).\n');
    process.exit(2);
  }
  const port = createIpcPort((message, written) => send(message, undefined, undefined, written), end);
  const config = JSON.parse(process.argv[2] ?? '{}') as HostConfig;
  const host = new SandboxHost(config, port);
  process.on('message', (message) => host.handle(message as ToHostMessage));
  process.on('disconnect', end);
  // A terminal's Ctrl-C (or a service manager's SIGTERM) reaches the whole process group: the server decides
  // when this process ends, so running scripts can finish while the server drains.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => undefined);
  process.title = 'myko-sandbox';
  const retire = (reason: string) => port.send({ type: 'retire', reason });
  new CpuHogDemoter(retire).start();
  // Demoting a heavy client's threads run by run needs their priority back after: without that right, heavy
  // runs only wait behind the others for a CPU slot.
  if (canRestoreNiceness()) new LowPriorityThreads(host.gate, retire).start();
  host.ready();
}

main();
