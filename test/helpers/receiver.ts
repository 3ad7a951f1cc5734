import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
  /** The client's port: requests of one connection share it. */
  remotePort: number;
}

/** What the receiver does with a request: answer with a status, or never answer. */
export type Answer = number | 'hang' | { status: number; location?: string; body?: string };

/**
 * A webhook receiver on 127.0.0.1, as an integrator runs one: it records every request and
 * answers as `answer` says (changeable while it runs).
 */
export class Receiver {
  readonly received: Received[] = [];
  private server!: Server;
  private readonly hanging = new Set<ServerResponse>();
  answer: (request: Received) => Answer = () => 200;
  url = '';

  static async start(answer?: (request: Received) => Answer): Promise<Receiver> {
    const receiver = new Receiver();
    if (answer) receiver.answer = answer;
    receiver.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request: Received = { headers: req.headers, body: Buffer.concat(chunks).toString(), path: req.url ?? '', remotePort: req.socket.remotePort ?? 0 };
        receiver.received.push(request);
        const answer = receiver.answer(request);
        if (answer === 'hang') {
          receiver.hanging.add(res);
          res.on('close', () => receiver.hanging.delete(res));
          return;
        }
        const { status, location, body } = typeof answer === 'number' ? { status: answer, location: undefined, body: undefined } : answer;
        res.writeHead(status, location ? { location } : {}).end(body ?? '');
      });
    });
    await new Promise<void>((done) => receiver.server.listen(0, '127.0.0.1', () => done()));
    receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
    return receiver;
  }

  /** The bodies received, parsed, for one path. */
  events(path = '/hook'): { id: number; type: string; createdAt: string; data: Record<string, unknown> }[] {
    return this.received.filter((request) => request.path === path).map((request) => JSON.parse(request.body));
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((done) => this.server.close(() => done()));
  }
}
