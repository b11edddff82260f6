// A Node script uploading `fromPath` with `fileUploadStore` is killed (SIGKILL: no cleanup of any
// kind) at 30 %, 60 % and 95 % of its chunks, and run again each time. Every run after a kill
// sends no chunk its store recorded as acknowledged, starts its progress at them, and the last
// run sends exactly the rest; the file the simulator assembled hashes to the source.
// The kill is certain to land mid-upload whatever the load: once a run has had the chunks it may
// get, the service holds its further chunk requests unanswered until the child is killed.
import { fork } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import {
  recordingSimulator,
  type RecordingSimulator,
} from '../reliability/support/upload-recorder.js';
import { requestGate, type RequestGate } from '../support/request-gate.js';
import type { ChildMessage } from './support/resume-child.js';
import { bytesOf, sha256 } from './support/upload-kit.js';

const CHUNK = 16 * 1024;
const TOTAL = 40;
const FILENAME = 'lecture.mp4';

let dir: string;
let recorder: RecordingSimulator;
let server: MockServer;
/** Chunk requests past each run's share wait here, unanswered, until the next run. */
let gate: RequestGate;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'seatpay-resume-'));
  recorder = recordingSimulator({
    operationTypes: { resumable: { chunk_size: CHUNK, max_chunks: null } },
  });
  gate = requestGate(recorder.simulator, 'POST /v2/media/me/chunk');
  server = await startMockServer({ simulator: gate.simulator });
});
afterAll(async () => {
  await server?.close();
  recorder?.simulator.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Run {
  /** The child's progress reports, in order. */
  progress: Extract<ChildMessage, { kind: 'progress' }>[];
  fileId: number | undefined;
}

/**
 * Runs the child; kills it once its store on disk holds `killAt` acknowledged chunks (told by the
 * child once the write landed; never when undefined). The gate keeps the child waiting meanwhile,
 * so the kill lands mid-upload whatever the load.
 */
function runChild(path: string, storeDir: string, killAt?: number): Promise<Run> {
  const child = fork(
    new URL('./support/resume-child.ts', import.meta.url).pathname,
    [server.url, recorder.simulator.users.owner.token, path, storeDir],
    { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const run: Run = { progress: [], fileId: undefined };
  return new Promise((resolve, reject) => {
    child.on('message', (message: ChildMessage) => {
      if (message.kind === 'failed') reject(new Error(`the child failed: ${message.error}`));
      if (message.kind === 'done') run.fileId = message.fileId;
      if (message.kind === 'progress') run.progress.push(message);
      if (message.kind === 'stored' && killAt !== undefined && message.acknowledged >= killAt) {
        child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('exit', () => resolve(run));
  });
}

/** The acknowledged chunks of the one record in `storeDir` (none when there is no record). */
async function recorded(storeDir: string): Promise<number[]> {
  const files = (await readdir(storeDir).catch(() => [])).filter((f) => f.endsWith('.json'));
  expect(files.length).toBeLessThanOrEqual(1);
  if (files.length === 0) return [];
  return (
    JSON.parse(await readFile(join(storeDir, files[0]!), 'utf8')) as { acknowledged: number[] }
  ).acknowledged;
}

it('a process killed at 30 %, 60 % and 95 % resumes each time; the last run sends only the rest', async () => {
  const bytes = bytesOf(TOTAL * CHUNK - 1000);
  const path = join(dir, FILENAME);
  await writeFile(path, bytes);
  const storeDir = join(dir, 'store');

  for (const share of [0.3, 0.6, 0.95]) {
    const before = await recorded(storeDir);
    const sentBefore = recorder.trace(FILENAME).chunks.length;
    const killAt = Math.round(share * TOTAL);
    gate.open(killAt - before.length);
    const run = await runChild(path, storeDir, killAt);
    expect(run.fileId, 'killed before the end').toBeUndefined();
    expect(run.progress[0]?.chunksDone).toBe(before.length);
    const sent = recorder
      .trace(FILENAME)
      .chunks.slice(sentBefore)
      .map((chunk) => chunk.index);
    expect(sent.filter((index) => before.includes(index))).toEqual([]);
    // The gate answered `killAt` chunks in all, and the kill waited for their record: all kept.
    expect(await recorded(storeDir)).toHaveLength(killAt);
  }

  const before = await recorded(storeDir);
  const sentBefore = recorder.trace(FILENAME).chunks.length;
  gate.open(undefined);
  const last = await runChild(path, storeDir);
  const sent = recorder
    .trace(FILENAME)
    .chunks.slice(sentBefore)
    .map((chunk) => chunk.index);
  const rest = Array.from({ length: TOTAL }, (_, index) => index).filter(
    (i) => !before.includes(i),
  );
  expect([...new Set(sent)].sort((a, b) => a - b)).toEqual(rest);
  expect(last.progress[0]).toEqual({
    kind: 'progress',
    chunksDone: before.length,
    loadedBytes: before.length * CHUNK - (before.includes(TOTAL - 1) ? 1000 : 0),
  });
  expect(sha256(recorder.simulator.fileBytes(last.fileId!))).toBe(sha256(bytes));
  expect(recorder.namesOf(FILENAME)).toHaveLength(1); // every run, one upload
  expect(await recorded(storeDir)).toEqual([]); // deleted once finalized
}, 60_000);
