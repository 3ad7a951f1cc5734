import net from 'node:net';

/**
 * A TCP proxy on a loopback port in front of a real server (PostgreSQL, Redis), through which a
 * test breaks the network the way production breaks it: `cut()` drops every connection and
 * refuses new ones (a server restart or crash), `blackHole()` keeps connections open but
 * carries nothing either way and accepts new ones that never answer (a partition, a frozen
 * host), `restore()` carries traffic again for the connections made after it.
 */
export interface FaultProxy {
  port: number;
  /** `url` with its port replaced by the proxy's. */
  urlFor(url: string): string;
  cut(): void;
  blackHole(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startFaultProxy(targetPort: number): Promise<FaultProxy> {
  let mode: 'up' | 'cut' | 'hole' = 'up';
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    if (mode === 'cut') return void client.destroy();
    track(client);
    if (mode === 'hole') return void client.pause();
    const upstream = net.connect(targetPort, '127.0.0.1');
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    urlFor(url) {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.toString();
    },
    cut() {
      mode = 'cut';
      for (const socket of sockets) socket.destroy();
    },
    blackHole() {
      mode = 'hole';
      for (const socket of sockets) {
        socket.unpipe();
        socket.pause();
      }
    },
    restore() {
      mode = 'up';
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
