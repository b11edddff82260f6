// keycost16 encodes a key's owner message into a reused 256-byte buffer (encodeInto) and base64s
// the MAC by a table (owner-digest.ts). Checked against Web Crypto's own HMAC of the message's
// UTF-8 (what the owner was before keycost16, and what records written by main hold): a message
// of exactly 256 bytes, one past it, a character cut by the buffer's end, lone surrogates, and
// owners of two secrets interleaved (review14a).
import { describe, expect, it } from 'vitest';
import { keyOwnerDigest } from '../../src/keys/owner-digest.js';

const subtle = globalThis.crypto.subtle;
const bytes = (text: string) => new TextEncoder().encode(text);

/** The owner as Web Crypto computes it: PBKDF2 into an HMAC key, HMAC of the message, base64. */
async function referenceOwner(kind: 'token' | 'identity', value: string, key: string) {
  const material = await subtle.importKey('raw', bytes(`${kind}:${value}`), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const salt = bytes('seatpay-key-owner-secret:v2');
  const bits = await subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: 100_000 },
    material,
    256,
  );
  const hmac = await subtle.importKey('raw', bits, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = await subtle.sign('HMAC', hmac, bytes(`seatpay-key-owner:${key}`));
  return `hmac-sha256:v2:${Buffer.from(mac).toString('base64').replace(/=+$/, '')}`;
}

// 'seatpay-key-owner:' is 18 bytes: a key of 238 fills the buffer's 256 exactly.
const KEYS = [
  '',
  'k',
  'a'.repeat(237),
  'a'.repeat(238),
  'a'.repeat(239),
  'a'.repeat(500),
  `${'a'.repeat(236)}é`, // 2 bytes ending at 256
  `${'a'.repeat(237)}é`, // 2 bytes cut at 256
  `${'a'.repeat(235)}€`, // 3 bytes ending at 256
  `${'a'.repeat(236)}€`, // cut
  `${'a'.repeat(234)}😀`, // 4 bytes ending at 256
  `${'a'.repeat(235)}😀`, // cut
  `${'a'.repeat(237)}😀`, // cut after one byte's room
  'lone \ud800 high',
  'lone \udc00 low',
  'ends high \ud83d',
  `${'a'.repeat(235)}\ud800`, // a lone surrogate's U+FFFD ending at 256
  `${'a'.repeat(236)}\ud800`, // cut
  `${'a'.repeat(237)}\udc00\ud800`,
  'order-2026-11-30-0001',
  '鍵'.repeat(79),
  '鍵'.repeat(80),
];

describe('a key owner (keycost16: a reused buffer, base64 by a table) is Web Crypto HMAC', () => {
  it('for keys around the buffer size, cut characters and lone surrogates', async () => {
    const token = 'sk_test_owner_buffer_review14a';
    const secret = await keyOwnerDigest.secret('token', token);
    for (const key of KEYS)
      expect([key, keyOwnerDigest.owner(secret, key)]).toEqual([
        key,
        await referenceOwner('token', token, key),
      ]);
  });

  it('owners of two secrets interleaved across awaits, each its own', async () => {
    const [a, b] = await Promise.all([
      keyOwnerDigest.secret('token', 'sk_test_a'),
      keyOwnerDigest.secret('identity', 'tenant-b'),
    ]);
    const keys = ['short', 'a'.repeat(238), 'b'.repeat(240), 'x\ud800'];
    const owners = await Promise.all(
      keys.flatMap((key) => [
        Promise.resolve().then(() => keyOwnerDigest.owner(a, key)),
        Promise.resolve().then(() => keyOwnerDigest.owner(b, key)),
      ]),
    );
    const expected: string[] = [];
    for (const key of keys)
      expected.push(
        await referenceOwner('token', 'sk_test_a', key),
        await referenceOwner('identity', 'tenant-b', key),
      );
    expect(owners).toEqual(expected);
  });
});
