// Reliability: upload integrity (issue part 3).
//
// Many uploads of seeded random sizes and source kinds against the simulator over loopback
// (`startMockServer`), with seeded faults injected on the chunk route: 500/502/503, 429 with
// Retry-After: 0, dropped connections before and after the chunk is stored (the retry of the
// latter meets `chunk-already-exists`: a duplicate), latency beyond chunkTimeout, and permanent
// failures. The simulator's `handle` is wrapped to record, per file name, every chunk and
// finalize request that reached it. Every finished upload's bytes (as the simulator assembled
// them) must hash to the source's sha256, and no upload that failed may have sent finalize.
//
// Names are reused on purpose: an upload cut off at every chunk boundary is followed by other
// bytes under the same file name, and uploads of different bytes under one name run at once.
// Each upload's chunks carry a name unique to it, so no chunk of another can end up in its file.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AbortError,
  APIError,
  ConnectionError,
  UploadError,
  createClient,
  type SeatpayClient,
  type UploadOptions,
  type UploadProgress,
} from '../../src/index.js';
import { seededRandom, startMockServer, type MockServer } from '../../src/mock/index.js';
import { memoryUploadStore } from '../upload/support/upload-kit.js';
import { holdTimers, timeOutHeldRequests } from './support/held-timers.js';
import { recordingSimulator, type RecordingSimulator } from './support/upload-recorder.js';
import {
  CHUNK_ROUTE,
  makePlans,
  randomBytes,
  faultsHit,
  KINDS,
  sourceOf,
  transientFaults,
  type UploadPlan,
} from './support/upload-plans.js';

const SEED = 20_240_603;
const SMALL = 1024; // test-small: chunk_size 1024, max_chunks 8, so at most 7 chunks
const MEDIA = 10_485_760; // media: 10 MiB chunks, no bound
// An upload with a slow fault runs on the test's clock (support/held-timers.ts): its timers of
// CHUNK_TIMEOUT (each attempt's wait, finalize's too) and of LATE (the slow fault's latency) wait
// until the test fires them. Once the service holds the slow attempt and every other request in
// flight has its answer, that attempt's time runs out; once the upload settled, the service gets to
// it, late. So only the attempt meant to time out can, however slow a loaded machine makes the
// others. Every other upload waits GUARD, a hang guard: no fault of theirs is a timeout.
const CHUNK_TIMEOUT = 400;
const LATE = 900; // injected latency of a slow fault: beyond CHUNK_TIMEOUT
const GUARD = 30_000;

const random = seededRandom(SEED);
const SMALL_SETTINGS = {
  chunkSize: SMALL,
  maxSize: 7 * SMALL,
  edgeSizes: [0, 1, SMALL - 1, SMALL, SMALL + 1, 7 * SMALL - 1, 7 * SMALL],
  lateMs: LATE,
  slow: true,
};
const smallPlans = makePlans(random, 80, SMALL_SETTINGS);
// A larger set-up: the `media` operation type, 10 MiB chunks, files of up to 3 chunks.
const largePlans = makePlans(
  random,
  4,
  {
    chunkSize: MEDIA,
    maxSize: 3 * MEDIA,
    edgeSizes: [MEDIA, MEDIA + 1, 2 * MEDIA - 1],
    lateMs: LATE,
    slow: false,
  },
  smallPlans.length + 1,
);

// Uploads run 4 at a time while unaimed transient faults hit whichever chunk request comes next;
// each upload's retry budget covers all of them, so every upload must complete.
const PARALLEL_FAULTS = 16;
const parallelPlans = makePlans(
  random,
  16,
  { ...SMALL_SETTINGS, slow: false },
  smallPlans.length + largePlans.length + 1,
).map((plan) => ({
  ...plan,
  scenario: 'transient' as const,
  faults: [],
  labels: [],
  maxRetries: PARALLEL_FAULTS,
}));

const parallelFaults = transientFaults(random, PARALLEL_FAULTS);

let recorder: RecordingSimulator;
let dir: string;
let server: MockServer;
let client: SeatpayClient;
/** The same as `client`, its chunk requests marked as a resume's (see `planned`). */
let resumeClient: SeatpayClient;

interface Outcome {
  plan: UploadPlan;
  /** 'first' for the planned upload; 'resume' for the same bytes sent again after it failed. */
  attempt: 'first' | 'resume';
  completed: boolean;
  shaMatches: boolean;
  uploadError: boolean;
  finalizeRequests: number;
  alreadyHeld: number;
  chunkRequests: number;
  retries: number;
  /** The planned faults its chunk requests met (see `faultsHit`). */
  hits: string[];
  ms: number;
}
const outcomes: Outcome[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'seatpay-integrity-'));
  recorder = recordingSimulator({ random: seededRandom(SEED), mediaProcessingDelayMs: 10 });
  server = await startMockServer({ port: 0, simulator: recorder.simulator });
  const options = {
    baseUrl: server.url,
    token: recorder.simulator.users.owner.token,
    retryBaseDelay: 1,
    logLevel: 'off' as const,
  };
  client = createClient(options);
  resumeClient = createClient({ ...options, headers: { 'x-test-attempt': 'resume' } });
});

afterEach(() => recorder.simulator.faults.clear());

afterAll(async () => {
  await server?.close();
  recorder?.simulator.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  printFigures();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const chunksOf = (plan: UploadPlan) => Math.max(1, Math.ceil(plan.size / plan.chunkSize));
const title = (plan: UploadPlan) =>
  `#${plan.id} ${plan.scenario}: ${plan.size} B in ${chunksOf(plan)} chunk(s) from ${plan.kind === 'fromPath' ? 'fromPath(file)' : `a ${plan.kind}`}, ` +
  `concurrency ${plan.concurrency}, maxRetries ${plan.maxRetries}` +
  (plan.labels.length ? `, faults: ${plan.labels.join(', ')}` : '');

interface Run {
  plan: UploadPlan;
  bytes: Uint8Array;
  filename: string;
  operationType: string;
  attempt: Outcome['attempt'];
  /** Where a failed first attempt leaves its acknowledged chunks for the resumed one. */
  resume?: UploadOptions['resume'];
}

/** Uploads `run.bytes` as planned (its faults must be injected already) and checks the outcome. */
async function upload(run: Run): Promise<Outcome> {
  const { plan, bytes, filename } = run;
  const maxPiece = Math.min(plan.chunkSize * 2, 1 << 20);
  const source = await sourceOf(plan.kind, bytes, random, maxPiece, dir);
  const progress: UploadProgress[] = [];
  let alreadyHeld = 0;
  const before = recorder.trace(filename);
  const [chunksBefore, finalizesBefore] = [before.chunks.length, before.finalizes.length];
  const started = performance.now();
  const slow = plan.faults.some((fault) => fault.kind === 'latency' && fault.latencyMs === LATE);
  const clock = slow ? holdTimers([CHUNK_TIMEOUT, LATE]) : undefined;
  const settled = (run.attempt === 'resume' ? resumeClient : client).media
    .upload(source, {
      operation_type: run.operationType,
      filename,
      mime: 'application/octet-stream',
      concurrency: plan.concurrency,
      maxRetries: plan.maxRetries,
      chunkTimeout: clock ? CHUNK_TIMEOUT : GUARD,
      ...(run.resume ? { resume: run.resume } : {}),
      onChunk: (_record, chunk) => void (chunk.alreadyHeld && alreadyHeld++),
      onProgress: (report) => void progress.push(report),
    })
    .then(
      (file) => ({ file, error: undefined }),
      (error: unknown) => ({ file: undefined, error }),
    );
  let result: Awaited<typeof settled>;
  try {
    if (clock)
      await timeOutHeldRequests(clock, { timeoutMs: CHUNK_TIMEOUT, heldMs: LATE }, settled);
    result = await settled;
    // The slow attempt the service still holds reaches it now, after the upload: it must change
    // nothing of the file.
    if (clock?.fire(LATE)) await answered(filename);
  } finally {
    clock?.restore();
  }
  const ms = Math.round(performance.now() - started);
  const trace = recorder.trace(filename);
  const chunks = trace.chunks.slice(chunksBefore);
  const finalizes = trace.finalizes.slice(finalizesBefore);
  const outcome: Outcome = {
    plan,
    attempt: run.attempt,
    completed: result.file !== undefined,
    shaMatches:
      result.file !== undefined &&
      sha256(recorder.simulator.fileBytes(result.file.id)) === sha256(bytes),
    uploadError: result.error instanceof UploadError,
    finalizeRequests: finalizes.length,
    alreadyHeld,
    chunkRequests: chunks.length,
    retries: chunks.length - new Set(chunks.map((c) => c.index)).size,
    hits: run.attempt === 'first' ? faultsHit(plan, chunks.length) : [],
    ms,
  };
  outcomes.push(outcome);

  const what = `${title(plan)}${run.attempt === 'resume' ? ' (resumed)' : ''}`;
  const loaded = progress.map((p) => p.loadedBytes);
  expect(loaded, 'progress never goes back').toEqual([...loaded].sort((a, b) => a - b));
  if (plan.scenario === 'permanent' && run.attempt === 'first') {
    expect(result.error, `${what} → ${String(result.error)}`).toBeInstanceOf(UploadError);
    const error = result.error as UploadError;
    expect(error.failedChunks.length).toBeGreaterThan(0);
    for (const index of error.failedChunks) {
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(chunksOf(plan));
    }
    expect(error.cause).toSatisfy(
      (cause) => cause instanceof APIError || cause instanceof ConnectionError,
    );
    expect(finalizes, 'finalize after a failed chunk').toEqual([]);
    expect(progress.at(-1)?.chunksDone ?? 0).toBeLessThan(chunksOf(plan));
  } else {
    expect(result.error, `${what} → ${String(result.error)}`).toBeUndefined();
    expect(outcome.shaMatches, 'sha256 of the assembled file').toBe(true);
    expect(finalizes).toEqual([201]);
    expect(progress.at(-1)).toEqual({
      loadedBytes: plan.size,
      totalBytes: plan.size,
      chunksDone: chunksOf(plan),
      totalChunks: chunksOf(plan),
    });
  }
  return outcome;
}

/** Until every chunk request for `filename` that reached the service has its answer. */
async function answered(filename: string): Promise<void> {
  const pending = () => recorder.trace(filename).chunks.some((c) => c.answer === 'pending');
  while (pending()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/**
 * The planned upload; after a permanent failure, the same bytes are sent again with the same
 * resume record and no fault, as a user retrying would: only the chunks not acknowledged are
 * sent, those the service kept without an answer count as delivered (`chunk-already-exists`,
 * under this upload's own name), and the file must still hash to the source.
 */
async function planned(plan: UploadPlan, operationType: string) {
  const bytes = randomBytes(random, plan.size);
  const filename = `integrity-${SEED}-${plan.id}.bin`;
  const { store, records } = memoryUploadStore();
  const resume = { store, key: filename };
  const run = { plan, bytes, filename, operationType, resume };
  for (const fault of plan.faults) recorder.simulator.faults.inject(fault);
  await upload({ ...run, attempt: 'first' });
  if (plan.scenario !== 'permanent') {
    expect(records.size, 'the record of a finalized upload is deleted').toBe(0);
    return;
  }
  const acknowledged = new Set(records.get(filename)?.acknowledged ?? []);
  recorder.simulator.faults.clear();
  await upload({ ...run, attempt: 'resume' });
  // Only the resume's own requests: a chunk request the first attempt cancelled when it failed can
  // still reach the service during the resume (its body had gone out), and must not stand in for a
  // chunk the resume failed to send.
  const resent = recorder
    .trace(filename)
    .chunks.filter((chunk) => chunk.attempt === 'resume')
    .map((chunk) => chunk.index);
  expect(
    resent.filter((index) => acknowledged.has(index)),
    'acknowledged chunks resent',
  ).toEqual([]);
  expect(new Set(resent).size).toBe(chunksOf(plan) - acknowledged.size);
}

describe(`upload integrity, seed ${SEED}: test-small (1 KiB chunks), ${smallPlans.length} uploads`, () => {
  it.each(smallPlans.map((plan) => [title(plan), plan] as const))('%s', (_title, plan) =>
    planned(plan, 'test-small'),
  );
});

describe(`upload integrity, seed ${SEED}: media (10 MiB chunks), ${largePlans.length} uploads`, () => {
  // Finalize assembles up to 30 MiB in the simulator; no slow fault is drawn.
  it.each(largePlans.map((plan) => [title(plan), plan] as const))('%s', (_title, plan) =>
    planned(plan, 'media'),
  );
});

describe(`upload integrity, seed ${SEED}: ${parallelPlans.length} uploads 4 at a time`, () => {
  it(`all complete whole while ${PARALLEL_FAULTS} transient faults hit whichever chunk comes next`, async () => {
    for (const fault of parallelFaults) recorder.simulator.faults.inject(fault);
    const queue = [...parallelPlans];
    const worker = async () => {
      for (let plan = queue.shift(); plan; plan = queue.shift()) {
        await upload({
          plan,
          bytes: randomBytes(random, plan.size),
          filename: `integrity-${SEED}-${plan.id}.bin`,
          operationType: 'test-small',
          attempt: 'first',
        });
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
  });
});

const REUSED_CHUNKS = 6;
const reuseOptions = (filename: string) => ({
  operation_type: 'test-small',
  filename,
  chunkTimeout: GUARD,
});
/** The finalized file's bytes hash to `bytes`, and only `count` finalizes came for the name. */
function expectWhole(fileId: number, bytes: Uint8Array) {
  expect(sha256(recorder.simulator.fileBytes(fileId)), 'sha256 of the assembled file').toBe(
    sha256(bytes),
  );
}

describe(`upload integrity, seed ${SEED}: a file name used again`, () => {
  const boundaries = Array.from({ length: REUSED_CHUNKS - 1 }, (_, index) => index + 1);
  it.each(boundaries)(
    'cut off after %i chunk(s), then other bytes under the same name: the file is the new bytes',
    async (boundary) => {
      const filename = `reused-${SEED}.bin`; // the same name at every boundary, too
      const finalizesBefore = recorder.trace(filename).finalizes.length;
      const controller = new AbortController();
      let acknowledged = 0;
      const cut = client.media.upload(randomBytes(random, REUSED_CHUNKS * SMALL), {
        ...reuseOptions(filename),
        concurrency: 1,
        signal: controller.signal,
        onChunk: () => void (++acknowledged === boundary && controller.abort()),
      });
      await expect(cut).rejects.toBeInstanceOf(AbortError);
      expect(recorder.trace(filename).finalizes.length).toBe(finalizesBefore);

      const other = randomBytes(random, REUSED_CHUNKS * SMALL);
      const file = await client.media.upload(other, reuseOptions(filename));
      expectWhole(file.id, other);
      expect(recorder.trace(filename).finalizes.slice(finalizesBefore)).toEqual([201]);
    },
  );

  it('two uploads of different bytes under one name at once, through lost answers: each file is its own bytes', async () => {
    const filename = `concurrent-${SEED}.bin`;
    // Answers lost after the chunk was stored: the retries meet chunk-already-exists.
    recorder.simulator.faults.inject({ route: CHUNK_ROUTE, kind: 'reset-after', times: 4 });
    for (let round = 0; round < 5; round++) {
      const sources = [0, 1].map(() => randomBytes(random, 7 * SMALL - 100));
      const files = await Promise.all(
        sources.map((bytes) =>
          client.media.upload(bytes, { ...reuseOptions(filename), concurrency: 3, maxRetries: 6 }),
        ),
      );
      files.forEach((file, index) => expectWhole(file.id, sources[index]!));
    }
    expect(recorder.namesOf(filename)).toHaveLength(10);
  });
});

function printFigures(): void {
  const sum = (list: Outcome[], field: (o: Outcome) => number | boolean) =>
    list.reduce((total, o) => total + Number(field(o)), 0);
  const row = (name: string, list: Outcome[]) =>
    [
      name,
      list.length,
      sum(list, (o) => o.completed),
      sum(list, (o) => o.shaMatches),
      sum(list, (o) => o.uploadError),
      sum(
        list.filter((o) => o.uploadError),
        (o) => o.finalizeRequests,
      ),
      sum(list, (o) => o.alreadyHeld),
      sum(list, (o) => o.retries),
      sum(list, (o) => o.chunkRequests),
      `${(sum(list, (o) => o.ms) / 1000).toFixed(1)} s`,
    ].join(' | ');
  const ids = (plans: UploadPlan[]) => new Set(plans.map((plan) => plan.id));
  const [small, large, parallel] = [smallPlans, largePlans, parallelPlans].map((plans) => {
    const set = ids(plans);
    return outcomes.filter((o) => set.has(o.plan.id));
  }) as [Outcome[], Outcome[], Outcome[]];
  const first = (list: Outcome[]) => list.filter((o) => o.attempt === 'first');
  const resumed = outcomes.filter((o) => o.attempt === 'resume');
  const lines = [
    `\n### Upload integrity (seed ${SEED})\n`,
    '| uploads | count | completed | sha256 matches | UploadError | finalize after failure | duplicates absorbed | retries | chunk requests | time |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    `| test-small (1 KiB chunks, ≤ 7), one at a time | ${row('', first(small)).slice(3)} |`,
    `| media (10 MiB chunks, ≤ 3), one at a time | ${row('', first(large)).slice(3)} |`,
    `| test-small, 4 at a time, ${PARALLEL_FAULTS} unaimed faults | ${row('', parallel).slice(3)} |`,
    `| the same bytes again after each UploadError | ${row('', resumed).slice(3)} |`,
    `| **all** | ${row('', outcomes).slice(3)} |`,
    '',
    '| first attempts by scenario / source | uploads | completed | UploadError |',
    '| --- | --- | --- | --- |',
  ];
  const by = (label: string, list: Outcome[]) =>
    `| ${label} | ${list.length} | ${sum(list, (o) => o.completed)} | ${sum(list, (o) => o.uploadError)} |`;
  const planned = first([...small, ...large]);
  for (const scenario of ['clean', 'transient', 'permanent'] as const) {
    lines.push(
      by(
        scenario,
        planned.filter((o) => o.plan.scenario === scenario),
      ),
    );
  }
  for (const kind of KINDS) {
    lines.push(
      by(
        kind,
        first(outcomes).filter((o) => o.plan.kind === kind),
      ),
    );
  }
  // Faults drawn (uploads planned with it) and met (chunk requests that got it).
  const faults = new Map<string, { drawn: number; hit: number }>();
  const entry = (kind: string) => {
    if (!faults.has(kind)) faults.set(kind, { drawn: 0, hit: 0 });
    return faults.get(kind)!;
  };
  for (const outcome of planned) {
    for (const kind of new Set(outcome.plan.labels.map((label) => label.replace(/ ×.*$/, '')))) {
      if (kind !== 'pass') entry(kind).drawn++;
    }
    for (const kind of outcome.hits) entry(kind).hit++;
  }
  const parallelRequests = sum(parallel, (o) => o.chunkRequests);
  lines.push(
    '',
    '| fault on the chunk route | one-at-a-time uploads drawing it | chunk requests that met it |',
    '| --- | --- | --- |',
    ...[...faults]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, { drawn, hit }]) => `| ${kind} | ${drawn} | ${hit} |`),
    `| (4 at a time) ${PARALLEL_FAULTS} transient faults, unaimed | — | ${Math.min(PARALLEL_FAULTS, parallelRequests)} |`,
  );
  console.log(lines.join('\n') + '\n');
}
