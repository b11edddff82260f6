/**
 * How one secret can look once a service echoes it back: the patterns that {@link scrubText}
 * (redact.ts, the one redaction module) looks for. Kept apart only because building them is
 * the long part; nothing else uses this file.
 *
 * Rules (README, "Errors"):
 * - Every secret is found plain and in every encoding a service may echo it in: URL-encoded
 *   (`%XX`, `+` for a space), JSON-escaped (`\uXXXX`, `\/` ...), HTML-escaped (`&#NN;`, `&#xHH;`,
 *   `&amp;` ...), `\xHH`, octal `\163`, any mix of them, in any letter case; as hex of its bytes;
 *   a card number also with up to four marks (plain or escaped) between its digits;
 *   base64 (standard or URL-safe, at any position inside a longer base64 text, such as a Basic
 *   credential).
 * - A secret of 12 characters or more is also cut where any piece of it of at least half its
 *   length (at most 12 characters, at least 6) shows, so that one split across two fields, or cut
 *   off, does not survive in halves.
 * - A short secret (under 8 characters: a CVC, a test token) is only redacted where it stands
 *   alone, not inside a longer word or number: a CVC `123` hides in `cvc=123` but leaves
 *   `order 51234`, an amount `123.00` and a time `10:41:07.123` alone (a keyed call's recorded
 *   answer is replayed: an amount made `[REDACTED].00` there is a wrong answer), and a token
 *   `abc` leaves `abcdef` readable. In base64 it is found when a whole base64 word decodes to
 *   text where it stands alone.
 * - A short number (a CVC) is also found where a label names it, even against it (`cvc987`); in
 *   what a journal keeps and replays only there or as a whole value (short-number-forms.ts).
 */
import {
  NOT_IN_NUMBER_AFTER,
  NOT_IN_NUMBER_BEFORE,
  shortNumberForms,
} from './short-number-forms.js';
import { inOverrideRun } from '../../folded-text/folded-text.js';
import { charForms } from '../../base64-forms/char-forms.js';
import { stagedForms } from '../../folded-text/staged-pattern.js';
import { pairRuns } from '../../folded-text/run-search.js';
import { base64Patterns } from '../../base64-forms/base64-forms.js';
import { wordsOf } from '../../base64-forms/decoded-words.js';
import type { WordSearch } from '../../base64-forms/word-search.js';
import { utf16Hex } from '../../base64-forms/utf16-bytes.js';
import { hexApartOf, hexOf } from '../../base64-forms/escaped-bytes.js';

/** Under this length a secret is only matched where it stands alone. */
export const SHORT_SECRET = 8;
/** From this length, pieces of the secret are matched too. */
const PIECES_FROM = 12;

/** More than a character's longest form (42) and four joiners after it (38 each). */
const REACH_PER_CHARACTER = 256;

/** The compiled patterns of one secret. */
export interface SecretForms {
  /** Every textual encoding of the whole secret (global, case-insensitive). */
  text: RegExp;
  /**
   * Where it is hidden in what a journal keeps and replays: as `text`, but a short number (a CVC)
   * only where it is labelled as one or a whole value (see short-number-forms.ts).
   */
  stored: RegExp;
  /** Base64 cores of the secret, once and twice encoded, at each alignment (global, cased). */
  base64: RegExp[];
  /** The secret itself, for pieces and base64 words; empty when pieces are not looked for. */
  plain: string;
  /** The shortest piece that counts, or 0 when pieces are not looked for. */
  pieceLength: number;
  /** The words (base64, hex) decoded and searched with `text`: a short secret's, a card's. */
  words: readonly WordSearch[];
  /**
   * The longest a match of these forms can be, and then some: a character's longest form (an
   * entity with 32 leading zeros) with four joiners after it, per character (secret-scan.ts).
   */
  reach: number;
}

const CACHE_SIZE = 64;
const caches = [new Map<string, SecretForms>(), new Map<string, SecretForms>()];

/** The patterns of `secret` (`runs`: reversed in an override's run too), kept: tokens rotate. */
export function formsOf(secret: string, runs = true): SecretForms {
  const cache = caches[+runs]!;
  let forms = cache.get(secret);
  if (forms) return forms;
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(secret, (forms = buildForms(secret, runs)));
  if (runs) pairRuns(forms, formsOf(secret, false)); // searched without where no run is
  return forms;
}

/** A card number as typed: digits grouped by spaces, dashes or dots ("4242 4242 4242 4242"). */
const GROUPED_DIGITS = /^\d+(?:[ .-]+\d+)+$/;
/**
 * What may stand between a card number's digits when echoed: "4242.4242", "4242 / 4242",
 * "4242%2D4242", a soft line break escaped (`=\u{d}\u{a}`, the command's): up to four marks
 * that are neither letters nor digits, plain or escaped (an escaped digit is never a joiner).
 */
const DIGIT_JOINER =
  '(?:[^\\p{L}\\p{N}\\\\%&]|%(?:2[0-9a-f]|3[a-f])|\\\\(?:x2[0-9a-f]|x3[a-f]|u00(?:2[0-9a-f]|3[a-f])|u20(?:1[0-5]|2f)|u00a0|u000[9ad]|u\\{[9ad]\\}|[nrt])|&#0{0,32}(?:3[2-9]|4[0-7]|5[89]|160);|&#x0{0,32}(?:2[0-9a-f]|3[a-f]|a0);|&(?:nbsp|ndash|mdash);){0,4}';

/**
 * An invisible mark between a short number's digits, plain or escaped: a soft hyphen, a zero-width
 * space, joiner or non-joiner, a word joiner, a byte order mark.
 */
const INVISIBLE_JOINER =
  '(?:[\\u00ad\\u200b-\\u200d\\u2060\\ufeff]|\\\\u(?:00ad|200[b-d]|2060|feff)|&shy;|&#173;|&#xad;|%c2%ad|%e2%80%8[b-d]){0,2}';

function buildForms(given: string, runs: boolean): SecretForms {
  // Found however it comes back, grouped as typed, otherwise or not at all: as its digits are.
  const ungrouped = GROUPED_DIGITS.test(given) ? given.replace(/[ .-]/g, '') : given;
  const secret = ungrouped.length >= PIECES_FROM ? ungrouped : given;
  const short = [...secret].length < SHORT_SECRET;
  const digitsOnly = /^\d+$/.test(secret) && secret.length >= PIECES_FROM;
  // A card number may come back grouped: "4111 1111 1111 1111", "4111-1111-...", "4111.1111...".
  // A CVC's digits only with an invisible mark between them (`9\u00ad87`): a visible one makes
  // another number (`9.87`, `9-87`).
  const joiner = digitsOnly ? DIGIT_JOINER : short && /^\d+$/.test(secret) ? INVISIBLE_JOINER : '';
  // Or as hex of its bytes (a service's debug dump): case-insensitive as the rest.
  const each = [...secret].map(charForms);
  const chars = each.map((forms) => `(?:${forms.join('|')})`); // also reversed after an override
  const plain = `(?:${chars.join(joiner)}${inOverrideRun(chars, joiner, runs)})`;
  // A long one's bytes also as a dump or a list prints them, apart (`34 32`, `"73","6b"`);
  // and its UTF-16 bytes' hex (`34003200`: .NET's, PowerShell's dump of a string; utf16-bytes.ts).
  const bytes = `|${short ? hexOf(secret) : hexApartOf(secret)}|${utf16Hex(secret)}`;
  let body = plain + bytes;
  let stored: string | undefined;
  if (short && /^\d+$/.test(secret)) {
    // Where labelled, also spaced as read out (`CVC: 9 8 7`).
    const spaced = `(?:${chars.join(`(?:[ \\u00a0]|${joiner})`)}${inOverrideRun(chars, joiner, runs)})`;
    ({ body, stored } = shortNumberForms(
      plain,
      spaced,
      inNumber(hexOf(secret)),
      STANDS_ALONE_BEFORE,
    ));
  } else if (short) {
    body = `${STANDS_ALONE_BEFORE}(?:${plain}|${inNumber(hexOf(secret))})(?![\\p{L}\\p{N}])`;
  }
  const pieces = secret.length < PIECES_FROM ? 0 : Math.min(12, Math.ceil(secret.length / 2)); // 6+
  // A long one's searched without its escapes where a text has none (staged-pattern.ts).
  const text = short
    ? new RegExp(body, 'giu')
    : stagedForms(secret, each, digitsOnly, runs, bytes, body);
  return {
    text,
    stored: stored === undefined ? text : new RegExp(stored, 'giu'),
    base64: secret.length >= 6 ? base64Patterns(secret, pieces) : [],
    plain: secret,
    pieceLength: pieces,
    words: wordsOf(secret, short, pieces),
    reach: secret.length * REACH_PER_CHARACTER + 64,
  };
}

/**
 * A short number (a CVC) inside a larger one is not it: `987.00`, `1,987`, `05:12:48.987`; nor is
 * a short secret's hex, digits as often as not (`ai` is `6169`): `6169.00` is an amount.
 */
function inNumber(forms: string): string {
  return `${NOT_IN_NUMBER_BEFORE}(?:${forms})${NOT_IN_NUMBER_AFTER}`;
}

/**
 * Not preceded by a letter or digit, except one that ends an escape (`%3D`, `\u0022`, `\n`,
 * `\U0000202E`, octal `\256`): `cvc%3D123` has the CVC standing alone.
 */
const STANDS_ALONE_BEFORE =
  '(?:(?<![\\p{L}\\p{N}])|(?<=%(?:25)?[0-9a-f]{2})|(?<=\\\\x[0-9a-f]{2})|(?<=\\\\(?:u[0-9a-f]{4}|U[0-9a-f]{8}|[0-7]{3}))|(?<=\\\\[nrtbf]))';
