// What the resume suites share: a recording simulator served on loopback (restarted per test),
// a client whose warnings are kept, and uploads cut off after some chunks or run to the end.
import { afterEach, beforeEach, expect } from 'vitest';
import {
  AbortError,
  createClient,
  type UploadOptions,
  type UploadProgress,
  type UploadSource,
} from '../../../src/index.js';
import {
  seededRandom,
  startMockServer,
  type MockChunkStore,
  type MockServer,
} from '../../../src/mock/index.js';
import {
  recordingSimulator,
  type RecordingSimulator,
} from '../../reliability/support/upload-recorder.js';
import { cutOffUpload, uploadNameOf } from './upload-kit.js';

export const CHUNK = 256;
export const TOTAL = 10;
const operationTypes = { tiny: { chunk_size: CHUNK, max_chunks: null } };

export const fileOf = (bytes: Uint8Array, name: string, lastModified = 1_700_000_000_000) =>
  new File([bytes as BlobPart], name, { type: 'image/png', lastModified });

export const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, index) => from + index);

/** Registers the per-test server; the returned object reads the current one. */
export function resumeHarness() {
  const h = {
    recorder: undefined as unknown as RecordingSimulator,
    server: undefined as unknown as MockServer,
    warnings: [] as string[],

    async start(chunkStore?: MockChunkStore): Promise<void> {
      h.recorder = recordingSimulator({
        operationTypes,
        random: seededRandom(12),
        ...(chunkStore ? { chunkStore } : {}),
      });
      h.server = await startMockServer({ simulator: h.recorder.simulator });
    },

    async stop(): Promise<void> {
      await h.server.close();
      h.recorder.simulator.close();
    },

    client(options: { timeout?: number } = {}) {
      return createClient({
        baseUrl: h.server.url,
        token: h.recorder.simulator.users.owner.token,
        retryBaseDelay: 1,
        logLevel: 'warn',
        logger: { ...console, warn: (message: string) => void h.warnings.push(message) },
        ...options,
      });
    },

    /** The finalized files made of uploads of `filename`, from the simulator's `/__mock/state`. */
    async copiesOf(filename: string): Promise<number> {
      const response = await fetch(`${h.server.url}/__mock/state`, {
        headers: { authorization: `Bearer ${h.recorder.simulator.users.owner.token}` },
      });
      const { files } = (await response.json()) as { files: Array<{ filename: string }> };
      return files.filter((file) => uploadNameOf(filename).test(file.filename)).length;
    },

    /** Uploads `source` and aborts once `after` chunks are acknowledged. */
    async cutOff(source: UploadSource, options: Partial<UploadOptions>, after: number) {
      const cut = await cutOffUpload(
        h.client(),
        source,
        { operation_type: 'tiny', ...options },
        after,
      );
      expect(cut).toBeInstanceOf(AbortError);
    },

    /** Uploads `source` to the end; the chunk indexes it sent and its progress reports. */
    async finish(source: UploadSource, options: Partial<UploadOptions>, filename: string) {
      const before = h.recorder.trace(filename).chunks.length;
      const progress: UploadProgress[] = [];
      const file = await h.client().media.upload(source, {
        operation_type: 'tiny',
        ...options,
        onProgress: (report) => void progress.push(report),
      });
      const sent = h.recorder
        .trace(filename)
        .chunks.slice(before)
        .map((chunk) => chunk.index);
      return { file, sent: sent.sort((a, b) => a - b), progress };
    },
  };
  beforeEach(async () => {
    h.warnings = [];
    await h.start();
  });
  afterEach(() => h.stop());
  return h;
}
