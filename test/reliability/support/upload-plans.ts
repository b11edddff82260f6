// Seeded upload scenarios for upload-integrity.full.test.ts: sizes, source kinds, concurrency, retry
// budgets and the faults injected on the chunk route, all drawn from one mulberry32 generator
// (`seededRandom` of seatpay/mock), so a seed always gives the same plans.
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FaultSpec, RandomSource } from '../../../src/mock/index.js';
import type { UploadSource } from '../../../src/index.js';
import { fromPath } from '../../../src/node.js';

export const CHUNK_ROUTE = 'POST /v2/media/me/chunk';

export type SourceKind =
  'Blob' | 'Uint8Array' | 'web ReadableStream' | 'Node Readable' | 'fromPath';
export const KINDS: SourceKind[] = [
  'Blob',
  'Uint8Array',
  'web ReadableStream',
  'Node Readable',
  'fromPath',
];

/**
 * - clean: no fault.
 * - transient: faults that each hit one request; the retry budget covers them even if they all
 *   hit the same chunk, so the upload must complete.
 * - permanent: after `skip` requests get through, every chunk request fails (`times: Infinity`),
 *   so the upload must end in UploadError and never finalize.
 */
export type Scenario = 'clean' | 'transient' | 'permanent';

export interface UploadPlan {
  id: number;
  size: number;
  chunkSize: number;
  kind: SourceKind;
  concurrency: number;
  maxRetries: number;
  scenario: Scenario;
  /** Injected in this order on the chunk route before the upload starts. */
  faults: FaultSpec[];
  /** The faults in words, for test names and figures. */
  labels: string[];
}

/**
 * Which faults the first `requests` chunk requests met: the simulator gives each request the
 * first fault left, in injection order. Named as in {@link UploadPlan.labels}; passes left out.
 */
export function faultsHit(plan: UploadPlan, requests: number): string[] {
  const hit: string[] = [];
  plan.faults.forEach((fault, i) => {
    const taken = Math.min(fault.times ?? 1, requests);
    requests -= taken;
    const label = plan.labels[i]!.replace(/ ×.*$/, '');
    if (label !== 'pass') for (let n = 0; n < taken; n++) hit.push(label);
  });
  return hit;
}

export interface PlanSettings {
  chunkSize: number;
  maxSize: number;
  /** Sizes drawn one time in five instead of a uniform size (edges of the chunk plan). */
  edgeSizes: number[];
  /** Injected latency for a "slow" fault: longer than the upload's chunkTimeout. */
  lateMs: number;
  /** Whether slow (latency beyond chunkTimeout) faults may be drawn. */
  slow: boolean;
}

type Draw = { spec: Omit<FaultSpec, 'route'>; label: string };

const TRANSIENT: Draw[] = [
  { spec: { kind: 'status', status: 500 }, label: '500' },
  { spec: { kind: 'status', status: 502 }, label: '502' },
  { spec: { kind: 'status', status: 503 }, label: '503' },
  { spec: { kind: 'status', status: 429, retryAfter: '0' }, label: '429 Retry-After: 0' },
  { spec: { kind: 'reset-before' }, label: 'reset-before' },
  { spec: { kind: 'reset-after' }, label: 'reset-after' },
];

const PERMANENT: Draw[] = [
  ...TRANSIENT,
  {
    spec: { kind: 'status', status: 400, body: { detail: 'unsupported-mime-type' } },
    label: '400 (not retried)',
  },
];

export function makePlans(
  random: RandomSource,
  count: number,
  settings: PlanSettings,
  firstId = 1,
): UploadPlan[] {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  const plans: UploadPlan[] = [];
  for (let n = 0; n < count; n++) {
    const size = random() < 0.2 ? pick(settings.edgeSizes) : int(0, settings.maxSize);
    const chunks = Math.max(1, Math.ceil(size / settings.chunkSize));
    const roll = random();
    const scenario: Scenario = roll < 0.15 ? 'clean' : roll < 0.7 ? 'transient' : 'permanent';
    const faults: FaultSpec[] = [];
    const labels: string[] = [];
    let maxRetries: number;
    const add = (draw: Draw, times = 1) => {
      faults.push({ route: CHUNK_ROUTE, ...draw.spec, times });
      labels.push(times === 1 ? draw.label : `${draw.label} ×${times === Infinity ? '∞' : times}`);
    };
    const skip = (times: number) => {
      if (times > 0) add({ spec: { kind: 'latency', latencyMs: 0 }, label: 'pass' }, times);
    };
    if (scenario === 'transient') {
      const hits = int(1, 4);
      let slowOnes = 0;
      for (let i = 0; i < hits; i++) {
        skip(int(0, 1));
        if (settings.slow && slowOnes === 0 && random() < 0.2) {
          slowOnes++;
          add({
            spec: { kind: 'latency', latencyMs: settings.lateMs },
            label: `latency ${settings.lateMs} ms`,
          });
        } else add(pick(TRANSIENT));
      }
      // Enough even when every fault lands on the same chunk.
      maxRetries = hits + int(0, 1);
    } else if (scenario === 'permanent') {
      skip(int(0, chunks - 1)); // fewer than all chunks get through
      add(pick(PERMANENT), Infinity);
      maxRetries = int(0, 3);
    } else {
      maxRetries = int(0, 2);
    }
    plans.push({
      id: firstId + n,
      size,
      chunkSize: settings.chunkSize,
      kind: pick(KINDS),
      concurrency: int(1, 4),
      maxRetries,
      scenario,
      faults,
      labels,
    });
  }
  return plans;
}

/** `count` faults that each hit one chunk request (times: 1), drawn from the transient ones. */
export function transientFaults(random: RandomSource, count: number): FaultSpec[] {
  return Array.from({ length: count }, () => ({
    route: CHUNK_ROUTE,
    ...TRANSIENT[Math.floor(random() * TRANSIENT.length)]!.spec,
    times: 1,
  }));
}

/** `size` bytes from the generator (four per draw). */
export function randomBytes(random: RandomSource, size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  let i = 0;
  for (; i + 4 <= size; i += 4) view.setUint32(i, Math.floor(random() * 2 ** 32));
  for (; i < size; i++) bytes[i] = Math.floor(random() * 256);
  return bytes;
}

/**
 * The source of `kind` holding `bytes`; streams come in pieces of random sizes, and `fromPath`
 * reads a file written under `dir` (once per content).
 */
export async function sourceOf(
  kind: SourceKind,
  bytes: Uint8Array,
  random: RandomSource,
  maxPiece: number,
  dir: string,
): Promise<UploadSource> {
  if (kind === 'Blob') return new Blob([bytes as BlobPart]);
  if (kind === 'Uint8Array') return bytes;
  if (kind === 'fromPath') {
    // Named by content and written once: the same bytes again are the same file, unchanged (its
    // modification time too), as a user resuming an upload would pick it again.
    const path = join(dir, `source-${createHash('sha256').update(bytes).digest('hex')}.bin`);
    await writeFile(path, bytes, { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    return fromPath(path);
  }
  const pieces: Uint8Array[] = [];
  for (let at = 0; at < bytes.byteLength;) {
    const length = 1 + Math.floor(random() * maxPiece);
    pieces.push(bytes.slice(at, at + length));
    at += length;
  }
  if (kind === 'Node Readable') {
    return { stream: Readable.from(pieces.map((piece) => Buffer.from(piece))), size: bytes.length };
  }
  let next = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull: (controller) =>
      next < pieces.length ? controller.enqueue(pieces[next++]!) : controller.close(),
  });
  return { stream, size: bytes.byteLength };
}
