import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import { WS_EVICTED_CLOSE, WsSlotLedger } from './ws-slot.ledger';

/** A socket that records how it was closed and emits `close` like `ws` does. */
class RecordingSocket extends EventEmitter {
  closedWith?: number;
  close(code: number): void {
    this.closedWith = code;
    this.emit('close');
  }
}

describe('WsSlotLedger', () => {
  let now = 1_000;
  beforeEach(() => jest.spyOn(Date, 'now').mockImplementation(() => now));
  afterEach(() => jest.restoreAllMocks());

  function connect(ledger: WsSlotLedger, opts: { keyId?: string; initialized?: boolean } = {}) {
    const req = { socket: new EventEmitter() } as unknown as IncomingMessage;
    const released = { count: 0 };
    ledger.hold(req, '10.0.0.1', opts.keyId, () => {
      released.count += 1;
    });
    const socket = new RecordingSocket();
    ledger.attach(socket as unknown as WebSocket, req, () => opts.initialized ?? true);
    now += 10;
    return { socket, released, ws: socket as unknown as WebSocket, req };
  }

  it('ends a socket that never initialized before any initialized one, then the longest idle', () => {
    const ledger = new WsSlotLedger();
    const usedLast = connect(ledger);
    const usedFirst = connect(ledger);
    const handshakeOnly = connect(ledger, { initialized: false });
    ledger.busy(usedFirst.ws)();
    now += 10;
    ledger.busy(usedLast.ws)();
    expect(ledger.evictFor({ address: '10.0.0.1' })).toBe(true);
    expect(handshakeOnly.socket.closedWith).toBe(WS_EVICTED_CLOSE.code);
    expect(handshakeOnly.released.count).toBe(1);
    expect(ledger.evictFor({ address: '10.0.0.1' })).toBe(true);
    expect(usedFirst.socket.closedWith).toBe(WS_EVICTED_CLOSE.code);
    expect(usedLast.socket.closedWith).toBeUndefined();
  });

  it('never ends a socket with a request running, nor one still upgrading; none left: false', () => {
    const ledger = new WsSlotLedger();
    const running = connect(ledger);
    const done = ledger.busy(running.ws);
    const upgrading = { socket: new EventEmitter() } as unknown as IncomingMessage;
    ledger.hold(upgrading, '10.0.0.1', undefined, () => undefined);
    expect(ledger.evictFor({ address: '10.0.0.1' })).toBe(false);
    done();
    expect(ledger.evictFor({ address: '10.0.0.1' })).toBe(true);
    expect(running.socket.closedWith).toBe(WS_EVICTED_CLOSE.code);
  });

  it('ends keyed sockets only for their own key, anonymous ones only for their address', () => {
    const ledger = new WsSlotLedger();
    const keyed = connect(ledger, { keyId: 'k1' });
    expect(ledger.evictFor({ address: '10.0.0.1' })).toBe(false);
    expect(ledger.evictFor({ keyId: 'k2' })).toBe(false);
    expect(ledger.evictFor({ keyId: 'k1' })).toBe(true);
    expect(keyed.socket.closedWith).toBe(WS_EVICTED_CLOSE.code);
  });

  it('releases a slot once, whether the socket closes, the request socket closes, or it is evicted', () => {
    const ledger = new WsSlotLedger();
    const a = connect(ledger);
    a.socket.emit('close');
    (a.req.socket as unknown as EventEmitter).emit('close');
    expect(a.released.count).toBe(1);
    expect(ledger.evictFor({ address: '10.0.0.1' })).toBe(false);
  });
});
