// keycost16 remembers the last short text's fold in module variables (folded-text.ts). Until the
// next fold, that kept the text itself alive after its caller was done with it: a service's
// answer or error text with whatever it echoed, and, when the text was a slice of a large one
// (redactSecretsAsync's last part), the whole large text (a slice of a string keeps its parent in
// V8). Looked for in a heap snapshot by a marker held only as bytes, so that the search itself
// puts no string with it on the heap (review14a); in a child process of its own, where the
// snapshot is of that process alone (one taken in a test worker crashed it under load).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const child = new URL('./support/fold-memo-child.ts', import.meta.url).pathname;

async function runChild(which: 'short' | 'large') {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', child, which]);
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, boolean>;
}

describe('a text redacted is not kept alive by the fold memo once redaction returned', () => {
  it('a short text (redactSecrets)', async () => {
    expect(await runChild('short')).toEqual({ leaked: false, heldAfter: false });
  });

  it('a large text whose last part is short (redactSecretsAsync)', async () => {
    // The search finds the marker while the text is held (it can fail), and not once nothing
    // holds it but what the redaction kept.
    expect(await runChild('large')).toEqual({
      leaked: false,
      heldWhileKept: true,
      heldAfter: false,
    });
  });
});
