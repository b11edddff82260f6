import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../../src/index.js';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// `redactSecrets(value, secrets)` as docs/command.md names it, called from JavaScript with the
// secrets in another shape (newuser13): a lone token (one string) hid nothing and printed it, a
// CVC as a number was not searched for, an object (`{ token, card }`) threw a bare TypeError
// ("secrets is not iterable"). Each is refused with an InvalidRequestError that shows the list.

const TOKEN = 'sk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const text = `auth ${TOKEN} cvc 987`;

describe('redactSecrets given its secrets in another shape than a list of strings', () => {
  it.each([
    ['one string', TOKEN],
    ['an object', { token: TOKEN }],
    ['nothing', undefined],
    ['a CVC as a number', [TOKEN, 987]],
  ])('%s: an InvalidRequestError showing the list, for both', async (_what, secrets) => {
    const given = secrets as unknown as readonly string[];
    let refused: unknown;
    try {
      redactSecrets(text, given);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect((refused as Error).message).toContain(
      'redactSecrets(value, [token, card.card_number, card.cvc])',
    );
    expect((refused as Error).message).not.toContain(TOKEN);
    await expect(redactSecretsAsync(text, given)).rejects.toThrow(InvalidRequestError);
  });

  it('a list with an unset entry (undefined, null) hides the others, as before', () => {
    const secrets = [TOKEN, undefined, null] as unknown as readonly string[];
    expect(redactSecrets(text, secrets)).toBe('auth [REDACTED] cvc 987');
  });

  // review13b: a text of one slice (64K characters) or more went to the slices' search, which
  // skipped the check: a CVC as a number was not searched for and the text resolved with it.
  it.each([
    ['a CVC as a number', [TOKEN, 987]],
    ['an object', { token: TOKEN }],
  ])('%s, for a text of 64K or more too: redactSecretsAsync refuses it', async (_what, secrets) => {
    const long = `${'x'.repeat(64 * 1024)} ${text}`;
    const given = secrets as unknown as readonly string[];
    const refused: unknown = await redactSecretsAsync(long, given).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(inspect(refused)).not.toContain(TOKEN);
    expect(JSON.stringify(refused)).not.toContain(TOKEN);
  });
});
