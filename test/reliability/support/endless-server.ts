// A loopback service that never stops answering: every body is endless (or announces more than
// any client reads), written as fast as the client takes it, until the client hangs up. It counts
// the bytes it managed to send, so a test can tell that the client cut the answer off.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** 64 KiB of a JSON array's items: the answer looks like a listing that goes on forever. */
const PIECE = Buffer.from('1,'.repeat(32 * 1024));

export interface EndlessServer {
  origin: string;
  /** Bytes written to clients so far, over every answer. */
  sentBytes: () => number;
  close: () => Promise<void>;
}

/**
 * Routes: `/v1/payments/plan/endless-<status>` an endless body with that status;
 * `/v1/payments/plan/announced` a `Content-Length` of 10 GiB (then endless bytes);
 * `/v2/media/operationtype/<name>` small settings, so an upload goes on to its chunks;
 * any other path (the chunk uploads) an endless 200.
 */
export async function startEndlessServer(): Promise<EndlessServer> {
  let sent = 0;
  const server = createServer((request, response) => {
    request.resume();
    const path = request.url ?? '';
    if (path.startsWith('/v2/media/operationtype/')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ chunk_size: 1024, max_chunks: null }));
    }
    const status = Number(/endless-(\d{3})/.exec(path)?.[1] ?? 200);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (path.endsWith('/announced')) headers['content-length'] = String(10 * 1024 ** 3);
    response.writeHead(status, headers);
    response.write('{"items":[');
    pump(response, (bytes) => (sent += bytes));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    sentBytes: () => sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes pieces while the socket takes them, waiting on backpressure, until the client leaves. */
function pump(response: ServerResponse, count: (bytes: number) => void): void {
  const more = () => {
    while (!response.destroyed && !response.writableEnded) {
      count(PIECE.length);
      if (!response.write(PIECE)) return void response.once('drain', more);
    }
  };
  response.on('close', () => response.removeAllListeners('drain'));
  more();
}
