// A loopback service that never stops answering: every body is endless (or announces more than
// any client reads), written as fast as the client takes it, until the client hangs up. It counts
// the bytes each answer managed to send, so a test can tell that the client cut the answer off,
// and answers `/hung-up` only once every endless answer has closed: a client that asks it before
// it exits shows, by getting an answer at all, that it hung up by itself (not by its exit).
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** 64 KiB of a JSON array's items: the answer looks like a listing that goes on forever. */
const PIECE = Buffer.from('1,'.repeat(32 * 1024));

export interface EndlessServer {
  origin: string;
  /** The bytes each endless answer had sent when the client hung up, in the order they closed. */
  closedAnswers: () => number[];
  close: () => Promise<void>;
}

/**
 * Routes: `/v1/payments/plan/endless-<status>` an endless body with that status;
 * `/v1/payments/plan/announced` a `Content-Length` of 10 GiB (then endless bytes);
 * `/v2/media/operationtype/<name>` small settings, so an upload goes on to its chunks;
 * `/hung-up` an empty 204 once no endless answer is open (it waits for their `close` events);
 * any other path (the chunk uploads) an endless 200.
 */
export async function startEndlessServer(): Promise<EndlessServer> {
  let open = 0;
  const closed: number[] = [];
  let whenNoneOpen: Array<() => void> = [];
  const server = createServer((request, response) => {
    request.resume();
    const path = request.url ?? '';
    if (path === '/hung-up') {
      const answer = () => void response.writeHead(204).end();
      return open === 0 ? answer() : void whenNoneOpen.push(answer);
    }
    if (path.startsWith('/v2/media/operationtype/')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ chunk_size: 1024, max_chunks: null }));
    }
    const status = Number(/endless-(\d{3})/.exec(path)?.[1] ?? 200);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (path.endsWith('/announced')) headers['content-length'] = String(10 * 1024 ** 3);
    response.writeHead(status, headers);
    response.write('{"items":[');
    let answerBytes = 0;
    open++;
    response.on('close', () => {
      closed.push(answerBytes);
      if (--open > 0) return;
      for (const answer of whenNoneOpen) answer();
      whenNoneOpen = [];
    });
    pump(response, (bytes) => (answerBytes += bytes));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    closedAnswers: () => [...closed],
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
