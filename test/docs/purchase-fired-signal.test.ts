import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AbortError, PurchaseError, TimeoutError } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { teamPurchase } from '../support/team-purchase.js';
import { repoRoot } from './support/readme-commands.js';

// docs/purchases.md said "Every failure is a PurchaseError" (bad options aside) and docs/errors.md
// "any failure of purchase()", but a purchase called with a signal that had already fired rejects
// as a plain call does: AbortError, or TimeoutError for AbortSignal.timeout (loose12), so a user
// branching on PurchaseError's `charged` was told wrong (newuser13). The pages say what it does.

const page = (name: string) => readFileSync(join(repoRoot, name), 'utf8').replace(/\s+/g, ' ');

describe('purchase() with a signal that had already fired', () => {
  it('rejects as a plain call does, nothing sent, as the pages say', async () => {
    const simulator = createSimulator({ subscriptionDelayMs: 0 });
    const client = inMemoryClient(simulator, simulator.users.owner.token);
    const timedOut = AbortSignal.timeout(1);
    await new Promise((resolve) => timedOut.addEventListener('abort', resolve));
    const aborted = AbortSignal.abort();
    const [timeout, abort] = await Promise.all(
      [timedOut, aborted].map((signal) =>
        client.purchase({ ...teamPurchase(1), signal }).catch((error: unknown) => error),
      ),
    );
    expect(timeout).toBeInstanceOf(TimeoutError);
    expect(abort).toBeInstanceOf(AbortError);
    for (const error of [timeout, abort]) {
      expect(error).not.toBeInstanceOf(PurchaseError);
      expect(error).toMatchObject({ mayHaveBeenProcessed: false });
    }
    expect(simulator.charges).toHaveLength(0);

    expect(page('docs/purchases.md')).toContain(
      "a `signal` that had already fired when you called (or fired while the helper's code loaded) rejects as a plain call's does, with `AbortError`, or with `TimeoutError`",
    );
    expect(page('docs/errors.md')).toContain(
      'any failure of `purchase()` once it started (a signal fired before the call: `AbortError`, `TimeoutError`)',
    );
  });
});
