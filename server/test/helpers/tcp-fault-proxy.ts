// A TCP proxy between a server and PostgreSQL that a test controls, to make the faults operators
// meet: connections reset, the database refusing new connections, and a stall where bytes stop
// flowing while every socket stays open.
import net from 'node:net';

export interface FaultProxy {
  port: number;
  /** Resets every open connection (as a restarted database or a dropped NAT entry would). */
  reset(): void;
  /** Refuses new connections and resets the open ones, until `pass()`. */
  refuse(): Promise<void>;
  /** Keeps every connection open but forwards nothing, in either direction, until `pass()`. */
  stall(): void;
  /** Back to normal: new connections are accepted and bytes flow again. */
  pass(): Promise<void>;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
  held: { toUpstream: Buffer[]; toClient: Buffer[] };
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  const pairs = new Set<Pair>();
  let stalled = false;
  let listening: net.Server | null = null;
  let port = 0;

  const forward = (from: net.Socket, to: net.Socket, held: Buffer[]) => {
    from.on('data', (chunk) => {
      if (stalled) held.push(chunk);
      else to.write(chunk);
    });
  };

  const accept = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    const pair: Pair = { client, upstream, held: { toUpstream: [], toClient: [] } };
    pairs.add(pair);
    forward(client, upstream, pair.held.toUpstream);
    forward(upstream, client, pair.held.toClient);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const server = net.createServer(accept);
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as net.AddressInfo).port;
        listening = server;
        resolve();
      });
    });

  const resetAll = () => {
    for (const pair of pairs) {
      pair.client.resetAndDestroy();
      pair.upstream.destroy();
    }
    pairs.clear();
  };

  /** Stops accepting and resets every open connection (close() alone would wait for them to end). */
  const stopListening = () =>
    new Promise<void>((resolve) => {
      const server = listening;
      listening = null;
      if (server) server.close(() => resolve());
      resetAll();
      if (!server) resolve();
    });

  await listen();
  return {
    get port() {
      return port;
    },
    reset: resetAll,
    async refuse() {
      await stopListening();
    },
    stall() {
      stalled = true;
    },
    async pass() {
      stalled = false;
      for (const pair of pairs) {
        for (const chunk of pair.held.toUpstream.splice(0)) pair.upstream.write(chunk);
        for (const chunk of pair.held.toClient.splice(0)) pair.client.write(chunk);
      }
      if (!listening) await listen();
    },
    async close() {
      await stopListening();
    },
  };
}
