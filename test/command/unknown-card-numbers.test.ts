import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { runInProcess } from './run-in-process.js';
import {
  refusedEchoing as seatsRefusedEchoing,
  type RunCommand,
} from './support/seats-refused-echoing.js';

// The command hides the secrets it knows (its token, its own card). A card number someone typed
// into a CSV's free-text column is not one of them, and an answer or a refusal that echoes it was
// printed as is. It is now hidden by its form (13-19 digits, alone or grouped as cards are, a card
// network's first digits, the Luhn check digit), in any script's digits; the numbers a run prints
// otherwise (ids, quantities, dates, timestamps, phone numbers) are left as they are. The real
// bin's run, a child process, is unknown-card-numbers-bin.full.test.ts.

/** Test cards of three networks, each Luhn-valid, in the forms people type them. */
const CARDS = [
  '4111 1111 1111 1111',
  '5555-5555-5555-4444',
  '3782 822463 10005',
  '４１１１１１１１１１１１１１１１',
];

/** Numbers that are not cards, some of them Luhn-valid by chance. */
const HEALTHY = [
  'seat 2147483647',
  'qty 12',
  'on 2026-11-29 at 12:00:05',
  'at 1764412800005 ms', // a millisecond timestamp, Luhn-valid
  'batch 2026112912000006', // a compact date and time, Luhn-valid
  'call +4915112345678', // a phone number, Luhn-valid
  'or +1 415 555 2671',
  'ref 9999999999999995', // 16 digits, Luhn-valid, no card network's
  'order 4111111111111112', // a card's form, not its check digit
  'amount 4111111111111111.50',
];

let server: MockServer;
let dir: string;
beforeAll(async () => {
  server = await startMockServer({ subscriptionDelayMs: 5 });
  dir = await mkdtemp(join(tmpdir(), 'seatpay-cards-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** `seats add --csv` refused by the service with an answer echoing the cards and `others`. */
const refusedEchoing = (
  email: string,
  cards: readonly string[],
  others: readonly string[],
  run: RunCommand,
) => seatsRefusedEchoing(server, dir, email, cards, others, run);

describe('seats add --csv, a card number in a free-text column', () => {
  it('is hidden wherever an answer echoes it, and healthy numbers are not', async () => {
    const ran = await refusedEchoing('unknown-card@example.com', CARDS, HEALTHY, runInProcess);

    expect(ran.code, ran.stderr).toBe(1);
    const { printed } = ran;
    expect(printed).toContain('names refused: card [REDACTED]; card [REDACTED]; card [REDACTED]');
    expect(printed.match(/card \[REDACTED\]/g)).toHaveLength(CARDS.length);
    for (const card of CARDS) expect(printed).not.toContain(card);
    expect(printed).not.toContain('822463');
    for (const healthy of HEALTHY) expect(printed).toContain(healthy);
  });
});

/**
 * A card number the run does not know, echoed escaped or encoded: an error body that quotes the
 * request's query (`%20`, `+`, `%3D`), a JSON or HTML escape, an invisible mark inside it, a
 * debug dump's base64 or hex of it. Each was printed as is: the form was searched for only in the
 * text as it stands.
 */
const ENCODED = [
  'note=4111%201111%201111%201111',
  'note=4111+1111+1111+1111',
  'note%3D5555555555554444',
  'note \\u0034111111111111111',
  'note 4111&#32;1111&#32;1111&#32;1111',
  'note 4\u200b111111111111111',
  `note ${btoa('card 4111 1111 1111 1111')}`,
  `note ${Buffer.from('5555555555554444').toString('hex')}`,
];
/** What they must not hide: a phone number escaped, an id, base64 and hex of no card. */
const ENCODED_HEALTHY = [
  'tel=%2B4915112345678',
  'at=1764412800005%20ms',
  `blob ${btoa('order 2026112912000006 of 3')}`,
  `hash ${Buffer.from('seat 2147483647 ok').toString('hex')}`,
  // Hex ids behind an invisible mark (a page's word break, a translation's isolate round a value):
  // the mark ends the word before, the id is one still.
  'seat-\u2068e1de4003-3875-4286-9003-cafe5f0e4e2d\u2069 refused',
  'id\u200bab4003387542869003cdef01',
];
/** A card inside a translation's isolate marks: hidden, the marks printed escaped. */
const ISOLATED = 'by\u2068 4111 1111 1111 1111\u2069 card';

describe('seats add --csv, an unknown card number echoed escaped or encoded', () => {
  it('is hidden in every form, the healthy numbers are not', async () => {
    const ran = await refusedEchoing(
      'encoded-card@example.com',
      [CARDS[0]!],
      [...ENCODED, ...ENCODED_HEALTHY, ISOLATED],
      runInProcess,
    );

    expect(ran.code, ran.stderr).toBe(1);
    expect(ran.printed.match(/note(?:=| |%3D)\[REDACTED\]/g)).toHaveLength(ENCODED.length);
    for (const encoded of ENCODED) expect(ran.printed).not.toContain(encoded.slice(-8));
    // The command prints a bidi control as its escape (printable.ts).
    const shown = (text: string) =>
      text.replace(/[\u2066-\u2069]/g, (mark) => `\\u{${mark.codePointAt(0)!.toString(16)}}`);
    for (const healthy of ENCODED_HEALTHY) expect(ran.printed).toContain(shown(healthy));
    expect(ran.printed).toContain(shown('by\u2068 [REDACTED]\u2069 card'));
  });

  it('is hidden in a write of a slice or more too, whatever the slices cut', async () => {
    // Each form many times over, filler between them: the writes' slices fall in every kind of place.
    const many = Array.from(
      { length: 20_000 },
      (_, at) => `${ENCODED[at % ENCODED.length]!} "${at}"`,
    );
    const ran = await refusedEchoing(
      'encoded-card-large@example.com',
      [CARDS[0]!],
      many,
      runInProcess,
    );

    expect(ran.code, ran.stderr).toBe(1);
    expect(ran.printed.length).toBeGreaterThan(64 * 1024);
    expect(ran.printed.match(/note(?:=| |%3D)\[REDACTED\]/g)).toHaveLength(many.length);
  });
});

/**
 * An unknown card number escaped or encoded in the forms the command missed: a URL-encoded
 * character of two or more bytes (a non-breaking space `%C2%A0`, a full-width digit, a zero-width
 * space `%E2%80%8B`) was decoded byte by byte; an escaped invisible mark (`&#8203;`) kept; HTML's
 * `&nbsp;` not decoded; base64 or hex of UTF-16LE text (PowerShell's `-EncodedCommand`) and
 * base64 of base64 not read. Each was printed as is.
 */
const ENCODED_MORE = [
  'note=4111%C2%A01111%C2%A01111%C2%A01111',
  'note=%EF%BC%94%EF%BC%91%EF%BC%91%EF%BC%91111111111111',
  'note=4111%E2%80%8B111111111111',
  'note 5555&#8203;5555&#8203;5555&#8203;4444',
  'note 4111&nbsp;1111&nbsp;1111&nbsp;1111',
  `note ${Buffer.from('card 4111 1111 1111 1111', 'utf16le').toString('base64')}`,
  `note ${Buffer.from('5555555555554444', 'utf16le').toString('hex')}`,
  `note ${btoa(btoa('4111111111111111'))}`,
];
/** Not cards: a phone number and a timestamp so encoded, base64 of UTF-16LE text of no card. */
const ENCODED_MORE_HEALTHY = [
  'tel=%2B49%C2%A015112345678',
  'at=1764412800005%E2%80%8Bms',
  `cmd ${Buffer.from('order 2026112912000006 of 3', 'utf16le').toString('base64')}`,
];

describe('seats add --csv, an unknown card number in UTF-8 escapes, UTF-16LE or base64 twice', () => {
  it('is hidden in every form, the healthy numbers are not', async () => {
    const ran = await refusedEchoing(
      'encoded-more-card@example.com',
      [CARDS[0]!],
      [...ENCODED_MORE, ...ENCODED_MORE_HEALTHY],
      runInProcess,
    );

    expect(ran.code, ran.stderr).toBe(1);
    expect(ran.printed.match(/note(?:=| )\[REDACTED\]/g)).toHaveLength(ENCODED_MORE.length);
    for (const encoded of ENCODED_MORE) expect(ran.printed).not.toContain(encoded.slice(-8));
    for (const healthy of ENCODED_MORE_HEALTHY) expect(ran.printed).toContain(healthy);
  });
});

/**
 * Base64 or hex of UTF-16LE text with one character past Latin-1 in it (a Japanese name, an en
 * dash, full-width digits): only text whose every second byte was zero was read as UTF-16LE, and
 * the card in it was printed.
 */
const UTF16_PAST_LATIN1 = [
  `note ${Buffer.from('山田 card 4111 1111 1111 1111', 'utf16le').toString('base64')}`,
  `note ${Buffer.from('Zahlung – 5555555555554444', 'utf16le').toString('base64')}`,
  `note ${Buffer.from('山田 4111111111111111', 'utf16le').toString('hex')}`,
  `note ${Buffer.from('４１１１１１１１１１１１１１１１', 'utf16le').toString('base64')}`,
];
/** Not cards: an order number in such text, a sha256 digest, a base64 image's bytes. */
const UTF16_PAST_LATIN1_HEALTHY = [
  `cmd ${Buffer.from('注文 2026112912000006 – 3', 'utf16le').toString('base64')}`,
  'sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  `png ${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0, 0, 0, 1, 0]).toString('base64')}`,
];

describe('seats add --csv, an unknown card number in UTF-16LE text past Latin-1', () => {
  it('is hidden, the healthy words are printed whole', async () => {
    const ran = await refusedEchoing(
      'utf16-card@example.com',
      [CARDS[0]!],
      [...UTF16_PAST_LATIN1, ...UTF16_PAST_LATIN1_HEALTHY],
      runInProcess,
    );

    expect(ran.code, ran.stderr).toBe(1);
    expect(ran.printed.match(/note \[REDACTED\]/g)).toHaveLength(UTF16_PAST_LATIN1.length);
    for (const encoded of UTF16_PAST_LATIN1) expect(ran.printed).not.toContain(encoded.slice(-8));
    for (const healthy of UTF16_PAST_LATIN1_HEALTHY) expect(ran.printed).toContain(healthy);
  });
});
