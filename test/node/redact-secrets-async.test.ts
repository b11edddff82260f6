import { describe, expect, it } from 'vitest';
import { AbortError } from '../../src/index.js';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// redactSecrets searches a text of megabytes in one go: nothing else of the process runs
// meanwhile. redactSecretsAsync gives the same result a slice (64K characters) at a time, the
// event loop let go between slices. Told by the order of events, never by a clock.

const SLICE = 64 * 1024;
const token = '324c9e4eabd5832b0267441b28790ef9c71e6d06';
const card = '4242424242424242';
const cvc = '987';

/** Filler of `length` characters that holds no secret (and no digits a CVC could match). */
const filler = (length: number) => 'x'.repeat(length);

/** Every form of the secrets, each placed across a slice's edge: the slices cut each of them. */
function straddling(): string {
  const forms = [
    token,
    encodeURIComponent(`Bearer ${token}`),
    btoa(`Bearer ${token}`),
    '4242 4242 4242 4242',
    '４２４２４２４２４２４２４２４２',
    `"cvc":"${cvc}"`,
    token.slice(3, 19),
  ];
  let text = 'start ';
  for (const [at, form] of forms.entries()) {
    const edge = (at + 1) * SLICE;
    const cut = Math.max(1, Math.floor(form.length / 2));
    text += filler(edge - cut - text.length - 1) + ' ' + form + ' ';
  }
  return text + filler(SLICE / 2) + ' end';
}

describe('redactSecretsAsync', () => {
  it("gives redactSecrets' result on secrets that straddle the slices' edges", async () => {
    const text = straddling();
    const secrets = [token, card, cvc];
    const hidden = await redactSecretsAsync(text, secrets);
    expect(hidden).toBe(redactSecrets(text, secrets));
    expect(hidden).not.toContain(token.slice(3, 19));
    expect(hidden).not.toContain('4242 4242');
    expect(hidden.split('[REDACTED]').length - 1).toBeGreaterThanOrEqual(7);
    expect(hidden.startsWith('start ') && hidden.endsWith(' end')).toBe(true);
  });

  it('lets a timer run between slices, and resolves after it', async () => {
    const text = straddling();
    const events: string[] = [];
    const redacting = redactSecretsAsync(text, [token, card, cvc]).then(() => events.push('done'));
    setTimeout(() => events.push('timer'), 0);
    events.push('called');
    await redacting;
    expect(events).toEqual(['called', 'timer', 'done']);
  });

  it('a text under one slice is redacted as redactSecrets does', async () => {
    const text = `token=${token} card ${card}`;
    await expect(redactSecretsAsync(text, [token, card])).resolves.toBe(
      redactSecrets(text, [token, card]),
    );
    await expect(redactSecretsAsync(text, [])).resolves.toBe(text);
  });

  it('stops between slices once the signal fires: an AbortError, no text', async () => {
    const controller = new AbortController();
    const redacting = redactSecretsAsync(straddling(), [token, card, cvc], {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('stop')), 0);
    const error: unknown = await redacting.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).cause).toEqual(new Error('stop'));

    await expect(
      redactSecretsAsync('short', [token], { signal: AbortSignal.abort() }),
    ).rejects.toBeInstanceOf(AbortError);
  });

  it('takes null options as none, as redactSecrets takes any value: no TypeError', async () => {
    const text = straddling();
    const secrets = [token, card, cvc];
    await expect(redactSecretsAsync(text, secrets, null as never)).resolves.toBe(
      redactSecrets(text, secrets),
    );
  });

  it('a secret found only folded (full-width), repeated across the edge: no piece left', async () => {
    // One go finds `ａａａａａａａａ` twice in sixteen; a slice's folded search began again at the
    // cut, inside the first, and went on past the second's start: six of the eight were printed.
    const password = 'aaaaaaaa';
    for (const repeated of [11, 16]) {
      const text = `${filler(SLICE - 3)} ${'ａ'.repeat(repeated)} ${filler(100)}`;
      const hidden = await redactSecretsAsync(text, [password]);
      expect(hidden).toBe(redactSecrets(text, [password]));
    }
    const text = `${filler(SLICE - 3)} ${'ａ'.repeat(16)} end`;
    expect(await redactSecretsAsync(text, [password])).toMatch(/ \[REDACTED\] end$/);
  });
});
