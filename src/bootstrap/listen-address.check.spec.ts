import { createServer } from 'node:net';
import { ListenError } from './listen.error';
import { assertCanListen } from './listen-address.check';

describe('assertCanListen', () => {
  it('refuses a taken port with a ListenError naming it and --port, and leaves a free one free', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      await expect(assertCanListen('127.0.0.1', port)).rejects.toThrow(ListenError);
      await expect(assertCanListen('127.0.0.1', port)).rejects.toThrow(`port ${port} on 127.0.0.1 is already in use`);
    } finally {
      await new Promise((done) => taken.close(done));
    }
    await expect(assertCanListen('127.0.0.1', port)).resolves.toBeUndefined();
    await expect(assertCanListen('127.0.0.1', port)).resolves.toBeUndefined();
  });

  it('names --host for an address this machine does not have (TEST-NET-1)', async () => {
    await expect(assertCanListen('192.0.2.1', 5155)).rejects.toThrow(
      '192.0.2.1 is not an address of this machine; choose another with --host',
    );
  });
});
