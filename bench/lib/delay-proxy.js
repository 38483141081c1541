/**
 * A TCP proxy on loopback that holds every chunk for half a round trip in each direction, in order:
 * the latency of a real network link between a client and the server, without the network.
 */
const net = require('node:net');

function relay(from, to, delayMs) {
  from.on('data', (chunk) => setTimeout(() => to.writable && to.write(chunk), delayMs));
  from.on('end', () => setTimeout(() => to.end(), delayMs));
}

/** @returns {Promise<{ port: number, close(): Promise<void> }>} a proxy to 127.0.0.1:`targetPort` */
async function startDelayProxy(targetPort, roundTripMs) {
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      socket.setNoDelay(true);
      sockets.add(socket);
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
      socket.on('close', () => sockets.delete(socket));
    }
    relay(client, upstream, roundTripMs / 2);
    relay(upstream, client, roundTripMs / 2);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

module.exports = { startDelayProxy };
