import type { FromHostMessage } from './host-protocol.interface';
import { MessageBatcher } from './message-batcher';
import type { HostPort } from './sandbox-host';

/** Writes one message on the IPC channel; `written` once it has gone out. */
export type IpcWrite = (message: unknown, written: () => void) => void;

/**
 * The sandbox host's port on the IPC channel to the server: the `myko.*` calls that reach it in one callback
 * (a script's `Promise.all`: isolated-vm hands them over together) cross as one message; anything else goes at
 * once, after them.
 * `exit()` ends the process (`end`) only once everything sent has been written.
 */
export function createIpcPort(write: IpcWrite, end: () => void): HostPort {
  let unsent = 0;
  let exiting = false;
  const channel = new MessageBatcher<FromHostMessage>((message) => {
    unsent++;
    write(message, () => {
      if (--unsent === 0 && exiting) end();
    });
  });
  return {
    send: (message) => (message.type === 'call' ? channel.send(message) : channel.sendNow(message)),
    exit: () => {
      channel.flush();
      exiting = true;
      if (unsent === 0) end();
    },
  };
}
