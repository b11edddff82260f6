// Uploads a file in chunks with the low-level calls: read the operation type, send each chunk,
// finalize. (`client.media.upload(source, opts)` does the same with concurrency, retries and progress.)
// Set SEATPAY_ACADEMY to upload through the academy endpoints instead of the caller's own (the
// simulator knows academy 1).
// Run: `npm run example -- media` (against the simulator), or with SEATPAY_BASE_URL and
// SEATPAY_TOKEN set, against that server.
import { createClient } from '../src/index.js';

const academy = process.env.SEATPAY_ACADEMY ? Number(process.env.SEATPAY_ACADEMY) : undefined;
// With `academy` on the client, every media call goes to /academy/ with the Academy header.
// The base URL and token come from SEATPAY_BASE_URL and SEATPAY_TOKEN.
const client = createClient(academy === undefined ? {} : { academy });

console.log(`operation types: ${(await client.media.operationTypes()).join(', ')}`);
const { chunk_size, max_chunks } = await client.media.operationType('media');
console.log(`'media': chunks of ${chunk_size} bytes, max_chunks ${max_chunks ?? 'unbounded'}`);

// A made-up file of one and a half chunks, so that it takes two requests.
const bytes = new Uint8Array(Math.floor(chunk_size * 1.5)).map((_, i) => i % 251);
const file = new Blob([bytes], { type: 'application/octet-stream' });
const total_chunks = Math.ceil(file.size / chunk_size);

// SERVICE.md: the number of chunks must stay below max_chunks, when there is one.
if (max_chunks !== null && total_chunks >= max_chunks) {
  console.log(`the file needs ${total_chunks} chunks, the service allows fewer than ${max_chunks}`);
  process.exit(1);
}

const filename = `demo-${Date.now()}.bin`;
for (let chunk_index = 0; chunk_index < total_chunks; chunk_index++) {
  const chunk = file.slice(chunk_index * chunk_size, (chunk_index + 1) * chunk_size, file.type);
  // A chunk is idempotent: seatpay retries it on its own if the network hiccups.
  const record = await client.media.uploadChunk({
    operation_type: 'media',
    total_chunks,
    chunk_index,
    chunk: new File([chunk], filename, { type: file.type }),
  });
  console.log(
    `  chunk ${record.chunk_index + 1}/${record.total_chunks} sent (${chunk.size} bytes)`,
  );
}

// Finalize assembles the chunks; `meta` is sent JSON-encoded as the service expects.
const media = await client.media.finalize({
  operation_type: 'media',
  total_chunks,
  filename,
  mime: file.type,
  meta: {
    slug: filename.replace('.bin', ''),
    name: 'seatpay demo upload',
    categories: ['demo'],
    ...(academy === undefined ? {} : { academy }),
  },
});
// TRANSFERRING: the service is processing it; CREATED: pass media.id to the endpoint that uses it.
console.log(`file ${media.id} stored as ${media.name}: ${media.status}`);
