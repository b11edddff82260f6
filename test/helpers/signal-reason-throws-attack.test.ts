import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { AbortError, InvalidRequestError, memoryJournal } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

// A polyfill's signal (here another realm's, whose `abort()` calls its listeners itself) whose
// `reason` getter throws once it aborted: seatpay's listener read it, threw out of the caller's
// `abort()` (in Node, an EventTarget listener's throw is an uncaught exception) and the call went
// on, unstopped. Already aborted, it came out of the call as that raw error, the secret it quotes
// unhidden.
const THROWN = 'reason unreadable: sk_live_reason_secret';

function throwingReasonController() {
  return runInNewContext(
    `
    class Signal {
      aborted = false;
      listeners = [];
      get reason() { if (this.aborted) throw new Error(thrown); }
      addEventListener(type, listener) { if (type === 'abort') this.listeners.push(listener); }
      removeEventListener(type, listener) {
        this.listeners = this.listeners.filter((l) => l !== listener);
      }
    }
    const signal = new Signal();
    ({
      signal,
      abort() {
        signal.aborted = true;
        for (const listener of signal.listeners.splice(0)) listener.call(signal, { type: 'abort' });
      },
    });
  `,
    { thrown: THROWN },
  ) as { signal: AbortSignal; abort(): void };
}

describe('a signal whose reason throws once it aborted', () => {
  it('aborted during a keyed checkout: the abort returns, the call stops with AbortError', async () => {
    const { client, order, gate } = await inMemorySubscriber('reason-mid@example.com');
    const controller = throwingReasonController();
    const journal = memoryJournal();
    const held = gate.holdNext();
    const call = client.consumables
      .checkout({ ...order, key: 'rt-1', journal }, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    await held.arrived;
    expect(() => controller.abort()).not.toThrow();
    const error = await call;
    held.open();
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: true });
    expect(JSON.stringify(error)).not.toContain('sk_live_reason_secret');
  });

  it('aborted already: refused as a bad signal, nothing sent, nothing recorded', async () => {
    const { client, order, gate, charges } = await inMemorySubscriber('reason-pre@example.com');
    const controller = throwingReasonController();
    controller.abort();
    const journal = memoryJournal();
    const error = await client.consumables
      .checkout({ ...order, key: 'rt-2', journal }, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ field: 'signal' });
    expect(String((error as Error).message)).not.toContain('sk_live');
    expect(await journal.get('rt-2')).toBeUndefined();
    expect(gate.sent()).toBe(0);
    expect(charges()).toBe(0);
  });
});
