// The per-call benchmark's server: answers every request with the canned body for its path, the same
// bytes whoever asks, so that the two clients differ by client code only. Runs in its own process
// (so its CPU is not the client's) and prints its origin on stdout. With a second argument `1`, it
// answers each request 1 ms late (a `setTimeout(1)`): a server that is not free. Run by
// bench/per-call.ts.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const bodies = new Map<string, Buffer>(
  Object.entries(JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, string>).map(
    ([path, body]) => [path, Buffer.from(body)],
  ),
);

const LATE = process.argv[3] === '1';

const server = createServer((req, res) => {
  const body = bodies.get(req.url ?? '');
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  const answer = () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  };
  // The request body (a POST's) is read whole before the answer, as a real service does.
  req.resume();
  req.on('end', () => {
    if (LATE) setTimeout(answer, 1);
    else answer();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  console.log(`http://127.0.0.1:${address.port}`);
});
// Stops when the benchmark closes our stdin.
process.stdin.on('end', () => process.exit(0)).resume();
