/* global window, document, location, crypto, File, URL, URLSearchParams */
// The example page: the whole purchase flow and a chunked upload of a File, run by the SDK as
// users get it (a browser bundle of dist/index.js), against the simulator on another origin.
// It publishes what happened on `window.__seatpayResult` (read by test/browser/browser.full.test.ts)
// and shows the same in the page.
import { createClient } from './seatpay.js';

const OPERATION_TYPE = 'media';
/**
 * The file's size in chunks of the operation type: two full chunks and a partial last one, so the
 * upload always takes 3 requests whatever the chunk size (25 MiB with the 10 MiB chunks of
 * `media`).
 */
const FILE_CHUNKS = 2.5;

const steps = document.getElementById('steps');
const progressBar = document.getElementById('upload-progress');

window.__seatpayResult = await run().then(
  (result) => ({ ...result, error: null }),
  (error) => ({
    error: { name: error?.name ?? 'Error', message: String(error?.message ?? error) },
  }),
);
render(window.__seatpayResult);

/** The simulator's URL, the owner's token and the member's email, from the query string. */
function readConfig(params) {
  const config = {
    api: params.get('api'),
    token: params.get('token'),
    member: params.get('member'),
  };
  const missing = Object.keys(config).filter((name) => !config[name]);
  if (missing.length > 0) throw new Error(`missing query parameters: ${missing.join(', ')}`);
  return config;
}

async function run() {
  const { api, token, member } = readConfig(new URLSearchParams(location.search));
  const client = createClient({ baseUrl: api, token });
  const bought = await buyTeamPlan(client);
  const subscriptionId = bought.subscription.id;
  log(`Adding a seat for ${member}`);
  await client.seats.add(subscriptionId, [{ email: member }]);
  const seats = (await client.seats.list(subscriptionId)).filter((seat) => seat.is_active);
  const upload = await uploadFile(client);
  return {
    pageOrigin: location.origin,
    apiOrigin: new URL(api).origin,
    steps: bought.steps,
    subscription: { id: subscriptionId, seats_limit: bought.subscription.seats_limit },
    // The only charge the flow makes: the page sees it as the payment's invoice.
    charges: bought.payment ? [{ invoice: bought.payment.id, amount: bought.payment.amount }] : [],
    seats: seats.map((seat) => ({ email: seat.email, is_active: seat.is_active })),
    upload,
  };
}

async function buyTeamPlan(client) {
  const steps = [];
  log('Buying the plan "team-per-seat" with 3 seats');
  const bought = await client.purchase({
    plan: 'team-per-seat',
    team_seats: 3,
    card: { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2030' },
    chosen_period: 'MONTH',
    pollInterval: 100,
    onStep: ({ step }) => {
      steps.push(step);
      if (step === 'pay') log('Paid; waiting for the subscription (created asynchronously)…');
    },
  });
  log(`Subscription #${bought.subscription.id} is there`);
  return { ...bought, steps };
}

async function uploadFile(client) {
  const { chunk_size } = await client.media.operationType(OPERATION_TYPE);
  const file = new File([pseudoRandomBytes(Math.floor(chunk_size * FILE_CHUNKS))], 'sample.bin', {
    type: 'application/octet-stream',
  });
  log(`Uploading ${file.name}: ${file.size} bytes in chunks of ${chunk_size}`);
  const progress = [];
  const chunks = [];
  const stored = await client.media.upload(file, {
    operation_type: OPERATION_TYPE,
    onProgress: (report) => {
      progress.push(report);
      progressBar.max = report.totalBytes;
      progressBar.value = report.loadedBytes;
    },
    onChunk: (_record, chunk) =>
      chunks.push({ index: chunk.index, start: chunk.start, end: chunk.end }),
  });
  log(`File #${stored.id} stored as ${stored.name} (${stored.status})`);
  return {
    fileId: stored.id,
    status: stored.status,
    size: file.size,
    sha256: await sha256(file),
    totalChunks: progress.at(-1)?.totalChunks,
    chunks: chunks.sort((a, b) => a.index - b.index),
    progress,
  };
}

/** The same bytes on every run (xorshift32), so a failed run can be reproduced. */
function pseudoRandomBytes(length) {
  const bytes = new Uint8Array(length);
  const words = new Uint32Array(bytes.buffer, 0, Math.floor(length / 4));
  let state = 0x2545f491;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  for (let i = 0; i < words.length; i++) words[i] = next();
  for (let i = words.length * 4; i < length; i++) bytes[i] = next() & 0xff;
  return bytes;
}

async function sha256(blob) {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function log(line) {
  const item = document.createElement('li');
  item.textContent = line;
  steps.append(item);
}

function render(result) {
  const status = document.getElementById('status');
  status.dataset.state = result.error ? 'failed' : 'done';
  status.textContent = result.error
    ? `Failed: ${result.error.name}: ${result.error.message}`
    : `Done: subscription #${result.subscription.id}, file #${result.upload.fileId} uploaded in ${result.upload.chunks.length} chunks (SHA-256 ${result.upload.sha256.slice(0, 12)}…)`;
  document.getElementById('result').textContent = JSON.stringify(
    {
      ...result,
      upload: result.upload && { ...result.upload, progress: result.upload.progress.length },
    },
    null,
    2,
  );
}
