// A TCP proxy between a journal and a real PostgreSQL server (postgres-server.ts), for the tests
// that play the network between them: answers delayed, an answer swallowed, connections cut. Each
// connection the journal opens is cut at once while `refusing()` says so (the database
// unreachable); else each side's bytes go through the route `open` gives (by default passed on).
import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';
import type { PostgresServer } from './postgres-server.js';

export interface ProxiedConnection {
  /** The journal's end. */
  client: Socket;
  /** The database's end. */
  server: Socket;
  /** Cuts both ends. */
  cut(): void;
}

export interface ProxyRoutes {
  /** What the journal sent (default: on to the database). */
  toServer?(chunk: Buffer): void;
  /** What the database answered (default: on to the journal). */
  toClient?(chunk: Buffer): void;
}

export interface PostgresProxy {
  /** The connection string of the database through the proxy. */
  url: string;
  /** Cuts every connection and stops listening. */
  close(): Promise<void>;
}

export async function startPostgresProxy(
  target: PostgresServer,
  open: (connection: ProxiedConnection) => ProxyRoutes = () => ({}),
  refusing: () => boolean = () => false,
): Promise<PostgresProxy> {
  const sockets = new Set<Socket>();
  const proxy = createServer((client) => {
    if (refusing()) {
      client.destroy();
      return;
    }
    const server = createConnection(target.port, '127.0.0.1');
    const cut = () => {
      client.destroy();
      server.destroy();
      sockets.delete(client);
      sockets.delete(server);
    };
    const routes = open({ client, server, cut });
    sockets.add(client).add(server);
    client.on('data', (chunk: Buffer) =>
      routes.toServer ? routes.toServer(chunk) : server.write(chunk),
    );
    server.on('data', (chunk: Buffer) =>
      routes.toClient ? routes.toClient(chunk) : client.write(chunk),
    );
    client.on('close', cut).on('error', cut);
    server.on('close', cut).on('error', cut);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `postgres://postgres:${target.password}@127.0.0.1:${port}/postgres`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}
