import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// redteam44: a body sent in chunks, each encoded apart (a stream's frames, a queue's records, a
// WebSocket's binary messages logged as base64), splits a token or password across two base64
// words. No core of the whole secret is in either, and each half was printed whole, whatever its
// length (a card's halves were hidden since review15b). Now any piece of the secret as long as
// plain text's pieces (half of it, at most 12) is hidden in base64 too.

const token = 'sk_live_9fQ2xLmZ8pR4tY7uW3vB';
const password = 'hunter2-Correct-Horse';
/** The shortest piece plain text's pieces hide (README, "Errors"): half the secret, at most 12. */
const pieceOf = (secret: string) => Math.min(12, Math.ceil(secret.length / 2));
const b64 = (text: string) => Buffer.from(text).toString('base64');

/** Every run of `length` of `secret` that a base64 word of `out` still decodes to, any alignment. */
function revealed(out: string, secret: string, length: number): string[] {
  const decoded = [...out.matchAll(/[A-Za-z0-9+/_-]{4,}={0,2}/g)].flatMap(([word]) =>
    [0, 1, 2, 3].map((drop) => Buffer.from(word.slice(drop), 'base64').toString('latin1')),
  );
  const runs: string[] = [];
  for (let at = 0; at + length <= secret.length; at++) {
    const run = secret.slice(at, at + length);
    if (decoded.some((text) => text.includes(run))) runs.push(run);
  }
  return runs;
}

const chunked = (secret: string, cut: number) => {
  const body = `{"auth":"Bearer ${secret}","seats":4}`;
  const at = body.indexOf(secret) + cut;
  return `frame 1 ${b64(body.slice(0, at))}\nframe 2 ${b64(body.slice(at))}\n`;
};

describe('a token split across two base64 words', () => {
  const cases = [token, password].flatMap((secret) =>
    [8, 11, 14, 17].map((cut) => [secret, cut] as const),
  );

  it.each(cases)(
    '%s cut after %i characters: no piece of half its length is left',
    async (secret, cut) => {
      const text = chunked(secret, cut);
      for (const out of [redactSecrets(text, [secret]), await redactSecretsAsync(text, [secret])]) {
        expect(out).toContain('[REDACTED]');
        expect(out).toContain('frame 2');
        expect(revealed(out, secret, pieceOf(secret))).toEqual([]);
      }
    },
  );

  it('in a service’s error answer: the error’s message, inspect and JSON', async () => {
    const client = createClient({
      baseUrl: 'https://api.example.com',
      token,
      maxRetries: 0,
      fetch: async () =>
        Response.json(
          { error: 'bad frames', frames: chunked(token, 14).split('\n') },
          { status: 400 },
        ),
    });
    const error = await client.plans.get('p').then(
      () => expect.unreachable('the call should fail'),
      (error: unknown) => error,
    );
    const printed = `${(error as Error).message}\n${inspect(error, { depth: 9 })}\n${JSON.stringify(error)}`;
    expect(printed).toContain('bad frames');
    expect(revealed(printed, token, pieceOf(token))).toEqual([]);
  });

  it('other base64 words, and the words around the secret’s, stay as they are', () => {
    const other = chunked('sk_live_other0000000000000', 14);
    expect(redactSecrets(other, [token, password])).toBe(other);
    const out = redactSecrets(`id ${b64('frame-0001')} ${chunked(token, 14)}`, [token]);
    expect(out).toContain(`id ${b64('frame-0001')} `);
  });
});
