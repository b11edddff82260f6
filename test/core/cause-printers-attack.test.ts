// A fetch (or a token provider, a hook) may throw an error of its own class that prints itself:
// its toString, util.inspect.custom or toJSON reads a private field or a closure no own field
// shows. The client kept such a cause as it was (its fields and texts quoted nothing), so
// `${error.cause}` in a log line printed the token. A cause whose own printers print a secret is
// now copied (Error's printers); one whose printers print none is still the thrown value itself.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createClient, SeatpayError } from '../../src/index.js';

const TOKEN = 'tok_7Hq2mZ9vXc4LpR8sW1nB';

class VaultError extends Error {
  readonly #held: string;
  constructor(message: string, held: string) {
    super(message);
    this.#held = held;
  }
  override toString(): string {
    return `VaultError: ${this.message} (held ${this.#held})`;
  }
  [inspect.custom](): string {
    return this.toString();
  }
  toJSON(): { held: string } {
    return { held: this.#held };
  }
}

async function causeOf(thrown: unknown): Promise<unknown> {
  const client = createClient({
    baseUrl: 'http://service.test',
    token: TOKEN,
    maxRetries: 0,
    fetch: async () => {
      throw thrown;
    },
  });
  const error = await client.plans.get('team').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SeatpayError);
  return (error as Error).cause;
}

describe("a thrown error whose class prints a secret its fields don't show", () => {
  it('is copied: its printing, inspection and JSON quote no token', async () => {
    const cause = await causeOf(new VaultError('vault unreachable', TOKEN));
    const shown = [`${cause}`, String(cause), inspect(cause, { depth: 10 }), JSON.stringify(cause)];
    for (const text of shown) expect(text).not.toContain(TOKEN);
    expect(`${cause}`).toContain('vault unreachable');
  });

  it('whose printers print no secret, is kept as thrown', async () => {
    const thrown = new VaultError('vault unreachable', 'lease-42');
    expect(await causeOf(thrown)).toBe(thrown);
  });
});
