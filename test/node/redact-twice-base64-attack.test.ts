import { describe, expect, it } from 'vitest';
import { refusingClient } from '../support/answering-client.js';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// A token base64-encoded once is hidden at any position inside a longer base64 text (a Basic
// credential). Encoded twice, as a config store keeps a Basic header (a Kubernetes Secret's
// `data`, a dump of a base64 field) and a service's debug output echoes it, it was printed: the
// outer base64 of the inner one was looked for nowhere.

const token = 'sk_live_324c9e4eabd5832b0267441b28790ef9';
const twice = (text: string) => btoa(btoa(text));
const toUrlSafe = (text: string) => text.replace(/\+/g, '-').replace(/\//g, '_');

/** The inner texts, so that the token falls at each of base64's three byte alignments twice over. */
const INNER = ['', 'a', 'ab', 'Basic ', 'user:', 'Bearer ', 'x-token: '].flatMap((before) =>
  ['', 'z', 'yz'].map((after) => `${before}${token}${after}`),
);

describe('a token base64-encoded twice', () => {
  it('is hidden at every alignment, in either alphabet, in one go and in slices', async () => {
    for (const inner of INNER) {
      for (const encoded of [twice(inner), toUrlSafe(twice(inner))]) {
        const echoed = `{"debug":"data=${encoded}"}`;
        const hidden = redactSecrets(echoed, [token]);
        expect(hidden, inner).toContain('[REDACTED]');
        expect(hidden, inner).not.toContain(encoded.slice(12, -12));
        const large = `${'x'.repeat(64 * 1024 - 30)}${echoed}${'x'.repeat(64)}`;
        expect(await redactSecretsAsync(large, [token])).toBe(redactSecrets(large, [token]));
      }
    }
  });

  it("is not in a refusal's message the client throws", async () => {
    const client = refusingClient(token, { message: `bad credential ${twice(`Basic ${token}`)}` });
    const error = await client.plans.get('team').catch((caught: unknown) => caught);
    expect(String(error)).not.toContain(twice(`Basic ${token}`).slice(12, -12));
    expect(JSON.stringify(error)).not.toContain(twice(`Basic ${token}`).slice(12, -12));
  });
});
