// Bounded answers: a loopback service whose answers never end (200 and 500 bodies that go on
// forever, a Content-Length of 10 GiB, and an endless answer to a chunk sent by the Node upload
// sender of `fromPath`). Each call runs in a child process of its own (so only the client's memory
// is measured) with `maxResponseBytes` 8 MiB (and the default 32 MiB for the first), and a 60 s timeout it must
// not need: the call rejects with ResponseTooLargeError within seconds, the client's memory peaks
// near the limit, and the service stops sending once the client hung up.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndlessServer, type EndlessServer } from './support/endless-server.js';

const MiB = 1024 * 1024;
const CLIENT = fileURLToPath(new URL('./support/endless-client.ts', import.meta.url));

interface Run {
  scenario: string;
  name: string;
  cause: string | undefined;
  causeMessage: string;
  ms: number;
  before: { rss: number; heap: number };
  peak: { rss: number; heap: number };
}

function runClient(baseUrl: string, scenario: string, limit: number | 'default'): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', CLIENT, baseUrl, scenario, String(limit)],
      { timeout: 90_000 },
      (error, stdout) => {
        if (error) return reject(error);
        resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Run);
      },
    );
  });
}

const SCENARIOS = [
  'plans.get, endless 200',
  'plans.get, endless 500',
  'plans.get, Content-Length 10 GiB',
  'media.upload(fromPath), endless chunk answer',
];
const LIMITS: [number | 'default', number][] = [
  [8 * MiB, 8 * MiB],
  ['default', 32 * MiB],
];

let server: EndlessServer;
const rows: string[] = [];

beforeAll(async () => {
  server = await startEndlessServer();
});
afterAll(async () => {
  await server.close();
  console.log(
    `\nEndless answers (client in a child process, timeout 60 s)\n\n| call | maxResponseBytes | error | ms | RSS growth (MiB) | heap + buffers growth (MiB) |\n| --- | ---: | --- | ---: | ---: | ---: |\n${rows.join('\n')}\n`,
  );
});

describe('an answer that never ends is cut off at maxResponseBytes', () => {
  for (const scenario of SCENARIOS) {
    // Every scenario at 8 MiB; the default 32 MiB once (each run reads the whole limit).
    for (const [limitArg, limit] of scenario === SCENARIOS[0] ? LIMITS : LIMITS.slice(0, 1)) {
      it(`${scenario}, maxResponseBytes ${limit / MiB} MiB`, async () => {
        const closedBefore = server.closedAnswers().length;
        const run = await runClient(server.origin, scenario, limitArg);
        const upload = scenario.startsWith('media.upload');
        if (upload) {
          // The Node upload sender (seatpay/node) cuts a chunk's answer at its own 1 MiB, before
          // maxResponseBytes: the chunk fails as a ConnectionError that says so.
          expect(run.name).toBe('UploadError');
          if (run.cause !== 'ResponseTooLargeError') {
            expect(run.cause).toBe('ConnectionError');
            expect(run.causeMessage).toMatch(/longer than \d+ bytes/);
          }
        } else expect(run.name).toBe('ResponseTooLargeError');
        // Not ended by the 60 s timeout: that is a TimeoutError, which the names above rule out
        // (a wall-clock budget here failed a loaded machine and proved nothing more).
        const rss = (run.peak.rss - run.before.rss) / MiB;
        const heap = (run.peak.heap - run.before.heap) / MiB;
        // Text read so far plus the transport's buffers: a few times the limit, never gigabytes.
        expect(rss).toBeLessThan((4 * limit) / MiB + 96);
        expect(heap).toBeLessThan((3 * limit) / MiB + 64);
        // The client hung up by itself (the child waited for `/hung-up` before it printed), having
        // taken no more than the limit and what the sockets hold.
        const answers = server.closedAnswers().slice(closedBefore);
        expect(answers.length).toBeGreaterThan(0);
        for (const bytes of answers) expect(bytes).toBeLessThan(limit + 64 * MiB);
        rows.push(
          `| ${scenario} | ${limit / MiB} MiB | ${upload ? `${run.name} (cause ${run.cause})` : run.name} | ${run.ms} | ${rss.toFixed(1)} | ${heap.toFixed(1)} |`,
        );
      }, 100_000);
    }
  }
});
