// Run by fold-memo-retention.test.ts in a process of its own: a heap snapshot taken inside a
// test worker crashed it (SIGSEGV under load, lead's npm test); here the heap is only this.
// Prints one JSON line: for each case, whether a marker was found on the heap.
import { randomBytes } from 'node:crypto';
import { getHeapSnapshot } from 'node:v8';
import { redactSecrets, redactSecretsAsync } from '../../../src/node.js';

const TOKEN = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';

/** Whether a string on the heap holds `marker` (after pending microtasks and timers ran). */
async function snapshotHolds(marker: Buffer): Promise<boolean> {
  // Timers and immediates the redaction left (its slices' yields) run first.
  for (let turn = 0; turn < 5; turn++) await new Promise((resume) => setTimeout(resume, 0));
  await new Promise((resume) => setImmediate(resume));
  /./.exec('-'); // V8 keeps the last text a regular expression searched (RegExp.input): not this
  let tail = Buffer.alloc(0);
  for await (const chunk of getHeapSnapshot() as AsyncIterable<Buffer>) {
    const seen = Buffer.concat([tail, chunk]);
    if (seen.includes(marker)) return true;
    tail = seen.subarray(-marker.length);
  }
  return false;
}

/**
 * Whether the marker stays on the heap across three snapshots taken apart. Under load one
 * snapshot found it once (CI scratch28) while something transient still held it; what the memo
 * keeps stays until the next fold, so it is found in all three.
 */
async function heapHolds(marker: Buffer): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (!(await snapshotHolds(marker))) return false;
    await new Promise((resume) => setTimeout(resume, 100));
  }
  return true;
}

const newMarker = () => Buffer.from(`marker${randomBytes(12).toString('hex')}`, 'latin1');

async function shortText() {
  const marker = newMarker();
  const redact = () => {
    const text = `refused: ${marker.toString('latin1')} token=${TOKEN}`;
    return redactSecrets(text, [TOKEN]).includes(TOKEN);
  };
  const leaked = redact();
  return { leaked, heldAfter: await heapHolds(marker) };
}

async function largeText() {
  const marker = newMarker();
  const kept: string[] = [];
  const redact = async (keep: boolean) => {
    // Three 64 KiB slices and a short last part: the search of the last folds a short slice.
    const text = `${marker.toString('latin1')} ${'word '.repeat(39_400)} token=${TOKEN} end`;
    if (keep) kept.push(text);
    return (await redactSecretsAsync(text, [TOKEN])).includes(TOKEN);
  };
  const leakedHeld = await redact(true);
  const heldWhileKept = await heapHolds(marker);
  kept.length = 0;
  const leaked = await redact(false);
  return { leaked: leaked || leakedHeld, heldWhileKept, heldAfter: await heapHolds(marker) };
}

const which = process.argv[2];
const result = which === 'short' ? await shortText() : await largeText();
process.stdout.write(`${JSON.stringify(result)}\n`);
