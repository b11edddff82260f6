// keycost16 remembers the last short text's fold in module variables (folded-text.ts). Until the
// next fold, that kept the text itself alive after its caller was done with it: a service's
// answer or error text with whatever it echoed, and, when the text was a slice of a large one
// (redactSecretsAsync's last part), the whole large text (a slice of a string keeps its parent in
// V8). Looked for in a heap snapshot by a marker held only as bytes, so that the search itself
// puts no string with it on the heap (review14a).
import { randomBytes } from 'node:crypto';
import { getHeapSnapshot } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

const TOKEN = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';

/** Whether any string on the heap holds `marker` (after pending microtasks and timers ran). */
async function heapHolds(marker: Buffer): Promise<boolean> {
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

const newMarker = () => Buffer.from(`marker${randomBytes(12).toString('hex')}`, 'latin1');

describe('a text redacted is not kept alive by the fold memo once redaction returned', () => {
  it('a short text (redactSecrets)', async () => {
    const marker = newMarker();
    const redact = () => {
      const text = `refused: ${marker.toString('latin1')} token=${TOKEN}`;
      return redactSecrets(text, [TOKEN]).includes(TOKEN);
    };
    expect(redact()).toBe(false);
    expect(await heapHolds(marker)).toBe(false);
  });

  it('a large text whose last part is short (redactSecretsAsync)', async () => {
    const marker = newMarker();
    const kept: string[] = [];
    const redact = async (keep: boolean) => {
      // Three 64 KiB slices and a short last part: the search of the last folds a short slice.
      const text = `${marker.toString('latin1')} ${'word '.repeat(39_400)} token=${TOKEN} end`;
      if (keep) kept.push(text);
      return (await redactSecretsAsync(text, [TOKEN])).includes(TOKEN);
    };
    // The search finds the marker while the text is held (it can fail) ...
    expect(await redact(true)).toBe(false);
    expect(await heapHolds(marker)).toBe(true);
    kept.length = 0;
    // ... and not once nothing holds it but what the redaction kept.
    expect(await redact(false)).toBe(false);
    expect(await heapHolds(marker)).toBe(false);
  });
});
