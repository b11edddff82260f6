import { describe, expect, it } from 'vitest';
import { refusingClient } from '../support/answering-client.js';
import { redactSecrets } from '../../src/node.js';

// review17c: a Buffer's JSON in a parsed answer was read for secrets only when every byte was
// text; one NUL (a C string's end), a frame's header (`0, 0, 0, 1`) or UTF-16's zeros made the
// whole list be printed, the secret's bytes with it, though the same JSON as a text was hidden.
// A Uint8Array's JSON (`{"0":115,"1":107,…}`), parsed, was printed whatever its bytes.

const card = '4539148803436467';
const token = 'sk_live_9fQ2xLmZ8pR4tY7uW3vB';

const bytesOf = (...parts: Buffer[]) => [...Buffer.concat(parts)];
const framed = (secret: string) => bytesOf(Buffer.from([0, 0, 0, 1]), Buffer.from(secret));
const nulEnded = (secret: string) => bytesOf(Buffer.from(`Bearer ${secret}`), Buffer.from([0]));
const utf16 = (secret: string) => bytesOf(Buffer.from(secret, 'utf16le'));
const forms = { framed, nulEnded, utf16 };

/** The body of the error a call rejects with when the service answers 400 with `body`. */
async function bodyOfError(body: unknown, secret: string) {
  const client = refusingClient(secret, body);
  const error = await client.plans.get('p').then(
    () => expect.unreachable('the call should fail'),
    (error: unknown) => error,
  );
  return (error as { body: unknown }).body;
}

describe('a Buffer’s JSON with control bytes, parsed', () => {
  for (const [name, form] of Object.entries(forms))
    it.each([card, token])(`${name}: %s is hidden`, async (secret) => {
      const body = { error: 'bad frame', received: { type: 'Buffer', data: form(secret) } };
      const hidden = { error: 'bad frame', received: { type: 'Buffer', data: '[REDACTED]' } };
      expect(redactSecrets(body, [secret])).toEqual(hidden);
      expect(await bodyOfError(body, secret)).toEqual(hidden);
    });

  it('a large answer read in slices hides it too', async () => {
    const data = [...framed(card), ...Array.from({ length: 70_000 }, (_, at) => at % 7)];
    // A body of 64K characters or more is redacted in slices (src/large-text), item by item.
    const out = await bodyOfError({ received: { data } }, card);
    expect(out).toEqual({ received: { data: '[REDACTED]' } });
  });

  it('seats and binary bytes without the secret stay as they are', () => {
    const body = {
      seats: [1, 2, 55, 51, 55, 7],
      frame: [0, 55, 51, 55, 0, 1, 2],
      other: bytesOf(Buffer.from([0, 0, 0, 1]), Buffer.from('4539 hello world')),
    };
    expect(redactSecrets(body, [card, '737'])).toEqual(body);
  });
});

describe('a Uint8Array’s JSON, parsed', () => {
  const typed = (text: string) => JSON.parse(JSON.stringify(new TextEncoder().encode(text)));

  it.each([card, token])('%s is hidden', async (secret) => {
    const body = { error: 'bad header', received: typed(`Bearer ${secret}`) };
    const hidden = { error: 'bad header', received: '[REDACTED]' };
    expect(redactSecrets(body, [secret])).toEqual(hidden);
    expect(await bodyOfError(body, secret)).toEqual(hidden);
  });

  it('in a large answer too', async () => {
    const received = typed(`${'x'.repeat(30_000)} Bearer ${token}`);
    expect(await bodyOfError({ received }, token)).toEqual({ received: '[REDACTED]' });
  });

  it('an object keyed otherwise, or of other numbers, stays as it is', () => {
    const body = {
      byIndex: { 0: 55, 1: 51, 2: 55, 3: 32, name: 'x' },
      gaps: { 0: 52, 1: 53, 2: 51, 4: 57 },
      seats: { 0: 1, 1: 2, 2: 55, 3: 51, 4: 55 },
      text: typed('hello world'),
    };
    expect(redactSecrets(body, [card, '737'])).toEqual(body);
  });
});
