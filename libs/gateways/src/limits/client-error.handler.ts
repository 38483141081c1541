import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** How long a refused connection is read (and discarded) after its answer, so the client sees the answer. */
const LINGER_MS = 2_000;

const ANSWERS: Readonly<Record<string, string>> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

function answer(status: string): string {
  return `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`;
}

/**
 * Answers a request Node's HTTP parser refused (head over `maxHeaderBytes`, malformed framing, timeouts) the
 * way Node does, except that a client still sending its body gets the answer instead of a reset: Node 22+
 * destroys the socket with the client's bytes unread, and the kernel then sends RST, which discards the
 * answer on the client's side. Here the socket is half-closed after the answer and read for a moment.
 * A timed-out client (slowloris) is cut off at once, as before.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const code = error.code ?? '';
    const status = ANSWERS[code] ?? '400 Bad Request';
    // Node's own rule: answer unless a response on this (kept-alive) connection has started already.
    const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    const answerable = socket.writable && !inFlight?.headersSent;
    // A gone peer, or a response already under way: nothing can be answered.
    if (code === 'ECONNRESET' || !answerable) {
      socket.destroy();
      return;
    }
    if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      socket.write(answer(status));
      socket.destroy();
      return;
    }
    socket.end(answer(status));
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
}
