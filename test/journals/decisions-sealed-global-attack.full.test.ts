// Decision turns are kept in one slot on `globalThis` (decision-turns.ts), defined when the code
// of `client.journal` first loads: at the first list, settle or reconcile. A process that seals
// its global object once its modules are loaded (SES-style hardening, `harden(globalThis)`,
// `Object.preventExtensions(globalThis)`) made that definition throw: every `client.journal` call
// then failed for good with a ConnectionError ("a chunk of the page did not load ... check the
// connection"), an operator unable to settle or reconcile any key and sent to look at the network.
// This copy keeps its table then: its decisions still take turns. A child process of its own:
// the fast suite preloads that code, and sealing the test worker's global is not this test's.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./support/sealed-global-settles.ts', import.meta.url));

function run(): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', CHILD], { timeout: 90_000 }, (error, out) =>
      error ? reject(error) : resolve(JSON.parse(out.trim().split('\n').at(-1)!)),
    );
  });
}

describe('client.journal in a process whose global object is sealed after loading', () => {
  it('two opposite settles at once: the first lands, the second is refused', async () => {
    const { decisions, settled, again, charges } = await run();
    expect(decisions).toEqual(['settled', 'SettleRefusedError']);
    expect(settled).toBe('yes');
    expect(again).toBe('SettledKeyError'); // the order delivered again is never paid again
    expect(charges).toBe(1);
  });
});
