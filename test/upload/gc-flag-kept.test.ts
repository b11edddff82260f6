// In Node, an upload from a default web stream has V8's young generation collected as it reads,
// through V8's gc extension: where the process has none of its own, the upload turns the
// `--expose-gc` flag on for one context of its own and off again. A process that was started
// with the extension already on under another name (`--expose-gc-as=collect`) had the flag turned off by its first such upload: its `vm` contexts and workers
// made afterwards had no `collect` any more. Seen as the user's process would: a child
// process started with those flags.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { TOKEN } from './support/upload-kit.js';
import { useChunkSink } from './support/use-chunk-sink.js';

const child = new URL('./support/gc-flag-child.ts', import.meta.url).pathname;
const sink = useChunkSink({ operationTypes: { big: { chunk_size: 4096, max_chunks: null } } });

async function uploadIn(flags: string[], name: string) {
  const { stdout } = await promisify(execFile)(process.execPath, [
    ...flags,
    '--import',
    'tsx',
    child,
    sink().url,
    TOKEN,
    name,
  ]);
  const seen = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
    fileId: number;
    inContext: string;
    inWorker: string;
  };
  expect(sink().files.find((file) => file.id === seen.fileId)?.bytes).toEqual(
    new Uint8Array(1000).fill(7),
  );
  return { inContext: seen.inContext, inWorker: seen.inWorker };
}

describe("in Node, an upload from a default web stream leaves the process's gc flag as it found it", () => {
  it('started with --expose-gc-as=collect: later vm contexts and workers still have collect', async () => {
    expect(await uploadIn(['--expose-gc-as=collect'], 'collect')).toEqual({
      inContext: 'function',
      inWorker: 'function',
    });
  });

  it('started without it: later vm contexts and workers get no gc', async () => {
    expect(await uploadIn([], 'gc')).toEqual({ inContext: 'undefined', inWorker: 'undefined' });
  });
});
