import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { recordingJournal } from '../support/recording-journal.js';

// A keyed call asks a token provider for its owner before it sends anything (key-scope.ts): that
// token was used but never kept among the client's secrets, so a provider failing on the attempt's
// own ask ("refresh of <token> failed", as an OAuth client's error may say) printed it whole in
// the error's cause (redteam60).

describe('a token provider that fails after handing a keyed call its token', () => {
  it('hides that token in the error, its cause and the journal', async () => {
    const simulator = createSimulator();
    const user = simulator.addUser({ email: 'provider@example.com' });
    let asks = 0;
    const client = createClient({
      baseUrl: 'http://simulator.test',
      token: () => {
        asks++;
        if (asks === 1) return user.token;
        throw new Error(`refresh failed: the token ${user.token} has expired`);
      },
      logLevel: 'off',
      maxRetries: 0,
      fetch: (input, init) => simulator.handle(new Request(input, init)),
    });
    const { journal, stored } = recordingJournal();
    const order = { service: 'ai-credits', how_many: 1, subscription: 1, key: 'k-1', journal };
    const error = await client.consumables.checkout(order).then(
      () => undefined,
      (thrown: unknown) => thrown as Error,
    );

    expect(asks).toBe(2); // the owner's ask, then the attempt's, which failed
    expect(error?.message).toBe('The token provider threw');
    const printed = [
      inspect(error, { depth: 10 }),
      JSON.stringify(error),
      String((error?.cause as Error | undefined)?.message),
      ...stored,
    ];
    expect(printed.join('\n')).toContain('has expired');
    expect(printed.filter((text) => text.includes(user.token))).toEqual([]);
  });
});
