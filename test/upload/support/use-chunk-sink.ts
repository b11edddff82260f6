// A chunk sink of each test's own: started before it, closed after it.
import { afterEach, beforeEach } from 'vitest';
import { startChunkSink, type ChunkSink } from './chunk-sink.js';

/** The sink of the running test (read inside a test), started with `options`. */
export function useChunkSink(options: Parameters<typeof startChunkSink>[0]): () => ChunkSink {
  let sink: ChunkSink | undefined;
  beforeEach(async () => {
    sink = await startChunkSink(options);
  });
  afterEach(async () => {
    await sink?.close();
    sink = undefined;
  });
  return () => {
    if (!sink) throw new Error('the chunk sink is read outside a test');
    return sink;
  };
}
