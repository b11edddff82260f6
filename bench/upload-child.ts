// One measured upload, in a fresh process so that its peak RSS is its own. Prints one JSON line:
// { ms, cpuMs, bytes, baselineRss, peakRss }. Run by bench/upload.ts; not meant to be run by hand.
import { createReadStream, statSync } from 'node:fs';
import { request } from 'node:http';
import { createClient } from '../src/index.js';
import { fromPath } from '../src/node.js';

type Mode = 'raw' | 'seatpay' | 'seatpay-clone';
const [mode, url, file, concurrency] = process.argv.slice(2) as [Mode, string, string, string];

/** One PUT of the whole file, piped from disk: the most node:http can do. */
function rawPut(): Promise<void> {
  const size = statSync(file).size;
  return new Promise((resolve, reject) => {
    const req = request(`${url}/raw`, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', 'content-length': size },
    });
    req.on('response', (res) => res.resume().on('end', resolve).on('error', reject));
    req.on('error', reject);
    // 1 MiB reads, as fromPath does: the two differ by transport only, not by disk read size.
    createReadStream(file, { highWaterMark: 1024 * 1024 })
      .on('error', reject)
      .pipe(req);
  });
}

/**
 * `seatpay-clone` undoes the core's `redirect: 'error', window: null`: fetch then keeps a clone of
 * each request body (upload-anchors.md §4), to show what those options save.
 */
const cloningFetch: typeof fetch = (input, init) =>
  fetch(new Request(input as Request, { redirect: 'follow' }), init);

async function seatpayUpload(): Promise<void> {
  const client = createClient({
    baseUrl: url,
    token: 'bench-token',
    logLevel: 'off',
    ...(mode === 'seatpay-clone' ? { fetch: cloningFetch } : {}),
  });
  const source = await fromPath(file, { type: 'application/octet-stream' });
  await client.media.upload(source, { operation_type: 'bench', concurrency: Number(concurrency) });
}

const baselineRss = process.memoryUsage().rss;
let peakRss = baselineRss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 5);

const cpuBefore = process.cpuUsage();
const started = performance.now();
await (mode === 'raw' ? rawPut() : seatpayUpload());
const ms = performance.now() - started;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);
const cpu = process.cpuUsage(cpuBefore);
const cpuMs = (cpu.user + cpu.system) / 1000;
console.log(JSON.stringify({ ms, cpuMs, bytes: statSync(file).size, baselineRss, peakRss }));
