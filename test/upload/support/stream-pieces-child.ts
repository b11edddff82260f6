// A user's script, run in its own process by stream-pieces-collected.test.ts (so that the array
// buffers it counts are its own, not the sink's or the test runner's): uploads a default web
// stream of fresh 1 MiB pieces and prints the most array-buffer memory held while it was read.
//
// argv: baseUrl token sizeMiB
import { createClient } from '../../../src/index.js';

const MiB = 1024 * 1024;
const [baseUrl, token, sizeMiB] = process.argv.slice(2) as [string, string, string];
const size = Number(sizeMiB) * MiB;
const client = createClient({ baseUrl, token, retryBaseDelay: 1, logLevel: 'off' });

const held = () => process.memoryUsage().arrayBuffers;
const baseline = held();
let most = 0;
let made = 0;
/** Piece `n` is filled with the byte `n % 251` (the parent knows the file without being sent it). */
const stream = new ReadableStream<Uint8Array>({
  pull(controller) {
    most = Math.max(most, held() - baseline);
    if (made === size) return controller.close();
    controller.enqueue(new Uint8Array(MiB).fill((made / MiB) % 251));
    made += MiB;
  },
});
const file = await client.media.upload(
  { stream, size },
  { operation_type: 'big', filename: 'clip.bin' },
);
console.log(JSON.stringify({ fileId: file.id, mostMiB: most / MiB }));
