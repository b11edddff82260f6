import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// redteam38: a secret's bytes as decimal numbers (a Buffer's or Uint8Array's JSON, util.inspect
// of one, a byte list) were printed, whatever the secret; a token's or password's bytes in a C
// array or in a dump wrapped across its lines (8, 16, 32 a line), and a card's at 8 or 32 a line,
// were printed too.

const card = '4539148803436467';
const token = 'sk_live_9fQ2xLmZ8pR4tY7uW3vB';
const password = 'hunter2-Correct-Horse';
const cvc = '737';

/** `bytes` as `od` prints them: `perLine` bytes a line, each apart, an offset first or none. */
function od(bytes: Buffer, perLine: number, offsets: boolean): string {
  const lines: string[] = [];
  for (let at = 0; at < bytes.length; at += perLine) {
    const hex = [...bytes.subarray(at, at + perLine)].map((b) => b.toString(16).padStart(2, '0'));
    lines.push(`${offsets ? at.toString(8).padStart(7, '0') : ''} ${hex.join(' ')}`);
  }
  return lines.join('\n');
}

const cArray = (bytes: Buffer) =>
  [...bytes].map((b) => `0x${b.toString(16).padStart(2, '0')}`).join(', ');

describe('a secret as a list of its bytes in decimal', () => {
  const forms = (secret: string) => {
    const bytes = Buffer.from(`{"card":"${secret}"}`);
    return [
      JSON.stringify(bytes), // {"type":"Buffer","data":[123,34,…]}
      JSON.stringify(new Uint8Array(bytes)), // {"0":123,"1":34,…}
      inspect(new Uint8Array(bytes)), // Uint8Array(27) [\n  123, 34, …
      [...bytes].join(','),
      [...bytes].join(', '),
    ];
  };
  it.each([card, token, password, cvc])('%s is hidden in each', (secret) => {
    for (const form of forms(secret)) {
      const shown = redactSecrets(`sent: ${form}`, [secret]);
      expect(shown).toContain('[REDACTED]');
      expect(shown.replace(/[^\d,]/g, '')).not.toContain(
        [...Buffer.from(secret.slice(0, 4))].join(','),
      );
    }
  });

  it('other byte lists and numbers stay as they are', () => {
    const texts = [
      JSON.stringify(Buffer.from('hello, nothing secret here')),
      'quantities 55, 51, 55', // three numbers: 737's bytes, but no list of bytes
      JSON.stringify([...Array(300).keys()]),
      `${[...Buffer.from(card.slice(0, 6))].join(',')},48,48`, // the issuer's six digits only
    ];
    for (const text of texts) expect(redactSecrets(text, [card, token, password, cvc])).toBe(text);
  });
});

describe('a token’s or password’s bytes in a dump', () => {
  it.each([token, password])('%s in a C array is hidden', (secret) => {
    const shown = redactSecrets(`char key[] = { ${cArray(Buffer.from(`k=${secret};`))} };`, [
      secret,
    ]);
    expect(shown).toBe('char key[] = { [REDACTED] };');
  });

  const cases = [token, password, card].flatMap((secret) =>
    [8, 16, 32].flatMap((perLine) =>
      [false, true].flatMap((offsets) =>
        [1, 7, 13].map((before) => [secret, perLine, offsets, before] as const),
      ),
    ),
  );
  it.each(cases)(
    '%s at %i a line (offsets %s) after %i bytes is hidden',
    (secret, perLine, offsets, before) => {
      const dump = od(
        Buffer.from(`${'p'.repeat(before)}${secret};${'q'.repeat(20)}`),
        perLine,
        offsets,
      );
      const shown = redactSecrets(`dump:\n${dump}`, [secret]);
      const hexLeft = shown
        .split('[REDACTED]')
        .map((part) =>
          Buffer.from(part.replace(/^ *[0-7]{7}/gm, '').replace(/[^0-9a-f]/g, ''), 'hex').toString(
            'latin1',
          ),
        );
      expect(shown).toContain('[REDACTED]');
      for (const part of hexLeft) expect(part).not.toContain(secret.slice(0, 6));
    },
  );

  it('a dump of other bytes across its lines stays as it is', () => {
    const dump = od(
      Buffer.from(`${'p'.repeat(9)}sk_live_other0000000000000;${'q'.repeat(20)}`),
      8,
      true,
    );
    expect(redactSecrets(dump, [token, password, card])).toBe(dump);
  });
});

describe('in a text of megabytes, redacted in slices', () => {
  it('a byte list and a wrapped dump across the slices’ edge are hidden as in one go', async () => {
    const list = [...Buffer.from(`{"card":"${card}","cvc":"${cvc}"}`)].join(', ');
    const dump = od(Buffer.from(`key=${token};`), 8, true);
    for (const before of [64 * 1024 - 40, 64 * 1024 - 7, 128 * 1024 - 90]) {
      const large = `${'x'.repeat(before)} ${list}\n${dump}\n${'y'.repeat(3000)}`;
      const once = redactSecrets(large, [card, cvc, token]);
      expect(once).not.toContain(list);
      expect(once).not.toContain(dump);
      expect(await redactSecretsAsync(large, [card, cvc, token])).toBe(once);
    }
  });
});
