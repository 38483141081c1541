import type { ClientContext } from '../interfaces/client-context.interface';
import type { JsonRpcNotification } from '../interfaces/json-rpc.types';
import { RequestOutbox } from './request-outbox';
import { SessionStore } from './session/session.store';

describe('RequestOutbox', () => {
  const sessions = new SessionStore({ logLevel: 'info' });
  let sent: JsonRpcNotification[];
  let client: ClientContext;

  beforeEach(() => {
    sent = [];
    client = {
      transport: 'internal',
      sessionId: `outbox-${Math.random()}`,
      filters: undefined as never,
      notify: (message) => sent.push(message as JsonRpcNotification),
    };
  });

  const outbox = (params: Record<string, unknown> = {}) =>
    new RequestOutbox(params, client, sessions.get(client.sessionId));

  it('sends progress only for a request with a progress token, and only increasing values', () => {
    outbox().progress(1);
    expect(sent).toEqual([]);
    const box = outbox({ _meta: { progressToken: 7 } });
    box.progress(0, 10);
    box.progress(0, 10);
    box.progress(5, 10, 'half');
    box.progress(3, 10);
    expect(sent.map((n) => n.params)).toEqual([
      { progressToken: 7, progress: 0, total: 10 },
      { progressToken: 7, progress: 5, total: 10, message: 'half' },
    ]);
  });

  it('sends nothing after it is closed, and closes only once the last progress is 20 ms old', async () => {
    const box = outbox({ _meta: { progressToken: 'p' } });
    box.progress(1);
    const started = performance.now();
    await box.close();
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);
    box.progress(2);
    box.log('error', 'late');
    expect(sent).toHaveLength(1);
    const quiet = outbox();
    const at = performance.now();
    await quiet.close();
    expect(performance.now() - at).toBeLessThan(15);
  });

  it('filters log messages by the session level', () => {
    const box = outbox();
    box.log('debug', 'hidden');
    box.log('warning', { a: 1 }, 'spec');
    sessions.get(client.sessionId).logLevel = 'debug';
    box.log('debug', 'shown');
    expect(sent.map((n) => n.params)).toEqual([
      { level: 'warning', data: { a: 1 }, logger: 'spec' },
      { level: 'debug', data: 'shown' },
    ]);
  });

  it('drops everything when the transport cannot deliver notifications', async () => {
    const box = new RequestOutbox({ _meta: { progressToken: 1 } }, { ...client, notify: undefined }, sessions.get('x'));
    box.progress(1);
    box.log('emergency', 'x');
    await expect(box.close()).resolves.toBeUndefined();
  });
});
