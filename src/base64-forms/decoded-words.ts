import { hasOverride, OVERRIDE_ANYWHERE } from '../folded-text/folded-text.js';
import { RUN } from './wide-text.js';
import { bytesOfBase64, textOf, utf16Text } from './word-text.js';
import { BYTE_LIST, fromByteList, shortFromByteList } from './byte-lists.js';
import { remembered } from './last-read.js';
import type { WordSearch } from './word-search.js';
import {
  CHARACTER_LIST_WORDS,
  NUMBER_DUMP_WORD,
  OD_CHARACTERS_WORD,
  SHORT_LINES_BASE64_WORD,
} from './dump-words.js';
import { prefixedDump } from './prefixed-dumps.js';
import { prefixedRows } from './prefixed-rows.js';
import { jsonDumps } from './json-dumps.js';

/** A word of base64 text, as a short secret may hide in (`YWJj`, a Basic credential). */
const BASE64_WORD = /[A-Za-z0-9+/_-]{4,}={0,2}/g;

/**
 * A word of hex text, as a short secret may hide in (a dump of a whole card object); one of
 * digits alone is a number (an id, a time), not taken apart.
 */
const HEX_WORD = /(?<![0-9a-z])(?=\d*[a-f])(?:[0-9a-f]{2}){4,}(?![0-9a-z])/gi;

/**
 * Such words long enough to hold a card number as no core of its base64 or hex shows it (13
 * digits and two spaces: 20 base64 characters, 30 hex digits): grouped (`4539 1488 …`, with
 * dashes, a no-break or thin space), in another script's digits (`٤٥٣٩…`, some or all), as
 * UTF-16 of those, or reversed after an override. Hex of digits and spaces has digits alone.
 */
const LONG_BASE64_WORD = /(?<![\w+/-])[\w+/-]{20,}={0,2}/g;
/**
 * Or as a dump prints it, each byte or pair apart (`34 35 33 39 20 31`, `3435 3339 2031`,
 * `34:00:35:00`) or written `0x34, 0x35` (a C array): the grouped card's, its UTF-16's were
 * printed (the text forms know a card's own bytes so apart only). Read with the apart marks out.
 */
const LONG_HEX_WORD =
  /(?<![0-9a-z])(?:0x)?[0-9a-f]{2}(?:(?:[ :-]| {2,4}|, ?|,?(?:(?:[ \t]{2}|[ \t]\||(?<=(?:^|\n)[ \t]*(?:0x)?[0-9a-f]{4}: (?:[0-9a-f]{2} ){15}[0-9a-f]{2}) (?=[^\r\n]{1,80}\r?\n[ \t]*(?:0x)?[0-9a-f]{4}: ))[^\r\n]{1,80})?[ \t]*\r?\n[ \t]*(?:\|?(?:0x)?[0-9a-f]{4,8}[:|]?[ \t]+)?)?(?:0x)?[0-9a-f]{2}){14,}(?![0-9a-z])(?:(?:[ \t]+\|[^|\r\n]*\||[ \t]{2,}[^\s|][^\r\n]{0,79})(?=\r?\n|$))?/gi;

/**
 * A dump line's text column before its line break, not bytes: hexdump -C's `  |sk_live_9fQ|`,
 * xxd's `  sk_live_9fQ`, `  88034364` (what follows the first two blanks past a byte, but bytes
 * apart by blanks, as hexdump -C's second eight are: `539 1488 0343 64`, a grouped card's, is
 * a column). A token across two lines of xxd's or hexdump -C's dump (their default forms) was
 * printed: the column ended the word at each line (review16c). The word's last line's column is
 * the word's too: it shows the secret's last characters. Nor are `hexdump -x`'s words four
 * blanks apart (`7070    3d70`): taken for a column, a token in one was printed (redteam41).
 */
const PIPE_COLUMN = /[ \t]+\|[^\r\n]*\|(?=\r?\n|$)/g;
/**
 * A line's column: from its first run of two blanks or more (past a byte), unless bytes apart by
 * blanks follow to the line's end (hexdump -C's second eight) or hexdump -x's words. Asked once a
 * line: asked at each run of blanks (a look-ahead), a line of such took a time that grew as its
 * length squared (redteam41).
 */
const TEXT_COLUMN =
  /^((?:[^\s]|[ \t](?=\S))*[0-9a-f])[ \t]{2,}(?![ \t]|(?:[0-9a-f]{2}[ \t]+)*[0-9a-f]{2}\s*$|(?<=[0-9a-f] {4})[0-9a-f]{4}(?: {4}[0-9a-f]{4})*\s*$)[^\r\n]*/gim;

/**
 * A dump word's groups of hex digits, apart by blanks: its text columns and offsets out; its first
 * line's offset too (xxd's `00000000:`, hexdump -C's `00000000  `), else read as four bytes.
 */
const groupsOf = (word: string) =>
  word
    .replace(FIRST_OFFSET, '')
    .replace(CURL_COLUMN, '$1')
    .replace(LINE_OFFSET, '\n')
    .replace(PIPE_COLUMN, '')
    .replace(TEXT_COLUMN, '$1');
// And `od -A x`'s six digits before groups of another width (`000000 656b6f74`): read as three
// bytes, the words after them were swapped out of step and a token printed (redteam53).
const FIRST_OFFSET =
  /^(?:[0-9a-f]{8}(?::[ \t]+|[ \t]{2})|[0-9a-f]{4}[ \t]{2,3}(?=[0-9a-f]{2} )|[0-9a-f]{6}[ \t]+(?![0-9a-f]{6}(?![0-9a-f])))/i;
/** curl --trace's text column, one blank after its 16 bytes (`%02x ` each), before its next line. */
const CURL_COLUMN =
  /^([ \t]*(?:(?:0x)?[0-9a-f]{4}: )?(?:[0-9a-f]{2} ){16})[^\r\n]*(?=\r?\n[ \t]*(?:0x)?[0-9a-f]{4}: )/gim;
/**
 * The offset that starts a dump's line (od's `0000020`, xxd's `00000010:`, hexdump -C's
 * `00000010  `): a dump wraps at 8, 16 or 32 bytes a line, and a secret across its lines was
 * printed, a part on each (redteam38). Eight digits and one blank are a group (`xxd -g 4`'s
 * `5f6c6976 `): taken for an offset, each line's first four bytes were left out and a token
 * across three lines printed (redteam41). Four digits take a colon: curl --trace's `0010: `,
 * tcpdump -X's `0x0010:  `; Netty's are between bars (`|00000010| `, its text column `|…|`): a
 * token across such lines was printed (redteam44). So do tshark -x's and Wireshark's, two blanks
 * or three after (`0010  73 6b`): read as bytes, a token across them was printed (review18c).
 */
const LINE_OFFSET =
  /\r?\n[ \t]*(?![0-9a-f]{8} \S)(?:[0-9a-f]{6,8}:?|(?:0x)?[0-9a-f]{4}:|[0-9a-f]{4}(?=[ \t]{2,3}[0-9a-f]{2} )|\|[0-9a-f]{8}\|)[ \t]+/gi;

/**
 * `read` of a dump word's bytes, and of them reversed in each group when all are words of 2, 4 or
 * 8 bytes (`6b70 733d`): hexdump's and `od -x`'s default print little-endian 16-bit words, a
 * token's bytes swapped in each (review16c); `od -tx4`, `xxd -e` 32-bit ones, `od -tx8` 64-bit
 * (redteam41); xxd's groups are in order. Both readings, a line each.
 */
function readApart(word: string, read: (hex: string) => string | undefined): string | undefined {
  const [hex, swapped] = hexOfDump(word);
  const text = read(hex);
  if (swapped === undefined) return text;
  const swappedText = read(swapped);
  return swappedText === undefined ? text : `${text ?? ''}\n${swappedText}`;
}

/** A dump word's hex, and its words' bytes reversed when it is a dump of words (else undefined). */
const hexOfDump = remembered((word: string): [string, string | undefined] => {
  const groups = groupsOf(word).replace(/0x/gi, '');
  const hex = groups.replace(/[^0-9a-f]/gi, '');
  const words = WORDS.find(([shape]) => shape.test(groups));
  // Less the zeros that fill an odd last word: UTF-16 of it all hid a card's digits (redteam41).
  return [hex, words && hex.replace(words[1], words[2]).replace(/(00)+$/, '')];
});

/** Per word of 2, 4 or 8 bytes: a dump of such words (the last may be short), each reversed. */
const WORDS = [2, 4, 8].map(
  (size) =>
    [
      new RegExp(`^(?:[0-9a-f]{${size * 2}}[^0-9a-f]+)+(?:[0-9a-f]{2})+$`, 'i'),
      new RegExp('(..)'.repeat(size), 'g'),
      '$8$7$6$5$4$3$2$1'.slice(-size * 2),
    ] as const,
);

/** The words `secret`'s text forms are searched in: a short one's (a CVC), a card number's. */
export function wordsOf(secret: string, short: boolean, pieceLength = 0): readonly WordSearch[] {
  if (short) return SHORT_WORDS;
  if (!/^\d{12,}$/.test(secret)) return TOKEN_WORDS;
  if (!pieceLength) return CARD_WORDS;
  const dump: WordSearch = [LONG_HEX_WORD, piecesRead(secret, pieceLength)];
  return withJson([
    CARD_WORDS[0]!,
    dump,
    prefixedDump(dump),
    BYTE_LIST_WORD,
    ...DUMP_WORDS,
    prefixedRows([dump, ...DUMP_WORDS]),
  ]);
}

/** `words`, and the dumps inside JSON they read (json-dumps.ts). */
const withJson = (words: readonly WordSearch[]) => [...words, ...jsonDumps(words)];

const BYTE_LIST_WORD: WordSearch = [BYTE_LIST, fromByteList];

/** A long secret's dumps and lists as od, Python and a narrow base64 print them (dump-words.ts). */
const DUMP_WORDS = [
  NUMBER_DUMP_WORD,
  OD_CHARACTERS_WORD,
  SHORT_LINES_BASE64_WORD,
  ...CHARACTER_LIST_WORDS,
];

/**
 * A token's or password's words: a dump of its bytes apart (a C array `0x73, 0x6b`, lines of a
 * dump) read as those bytes, their text or else one character each; and a list of its bytes in
 * decimal. Its bytes together (`736b5f…`) are a text form already (secret-forms.ts).
 */
const TOKEN_DUMP: WordSearch = [
  LONG_HEX_WORD,
  (word) => (HEX_ONLY.test(word) ? undefined : readApart(word, (hex) => fromHex(hex, textOrBytes))),
];
const TOKEN_WORDS: readonly WordSearch[] = withJson([
  TOKEN_DUMP,
  prefixedDump(TOKEN_DUMP),
  BYTE_LIST_WORD,
  ...DUMP_WORDS,
  prefixedRows([TOKEN_DUMP, ...DUMP_WORDS]), // od's lines, a list's, each after a log's prefix
]);

/**
 * Bytes as text and one character each: a token's ASCII shows either way, and in the second
 * whatever the first makes of them (hexdump's padding `00` after an odd last byte made UTF-16
 * of the whole: review16c).
 */
const textOrBytes = (binary: string) => {
  const text = textOf(binary);
  return text === undefined || text === binary ? binary : `${text}\n${binary}`;
};

/**
 * A card's hex word read as the whole card when its text holds a run of `pieceLength` of the
 * card's digits (as plain text's pieces, secret-scan.ts), a group's blank or dash allowed between
 * two: a dump's lines of 16 bytes split the card (`70 34 35 …` then `37 3b …`), and each line's
 * part was printed (review15b).
 */
function piecesRead(card: string, pieceLength: number): (word: string) => string | undefined {
  const pieces: string[] = [];
  for (let at = 0; at + pieceLength <= card.length; at++)
    pieces.push(card.slice(at, at + pieceLength));
  return (word) => {
    const text = HEX_ONLY.test(word) ? cardHex(word) : readApart(word, cardHex);
    const digits = text?.replace(/(?<=\d)[ -](?=\d)/g, '');
    return digits && pieces.some((piece) => digits.includes(piece)) ? card : text;
  };
}

/** The text a base64 word decodes to as shown (see {@link asShown}), or undefined. */
function fromBase64(word: string, read = textOf): string | undefined {
  const binary = bytesOfBase64(word);
  return binary === undefined ? undefined : asShown(read(binary));
}

/** The text a hex word (even length) decodes to as shown, or undefined when it is not text. */
function fromHex(word: string, read = textOf): string | undefined {
  return asShown(read(bytesOfHex(word)));
}

/** Hex as bytes, one per character: a dump's words' once for every secret. */
const bytesOfHex = remembered((hex: string) => {
  let binary = '';
  for (let at = 0; at < hex.length; at += 2)
    binary += String.fromCharCode(parseInt(hex.slice(at, at + 2), 16));
  return binary;
});

/**
 * A card's word's bytes as text, and as UTF-16 too when they may hold other scripts' digits so
 * (Arabic-Indic `٤٥` is `64 06 65 06`, which reads as ASCII with controls).
 */
function cardText(binary: string): string | undefined {
  if (!CARD_DIGITS.test(binary)) return undefined;
  const text = textOf(binary);
  const wide = WIDE_DIGITS.test(binary) ? utf16Text(binary, true) : undefined;
  return wide === undefined ? text : `${text ?? ''}\n${wide}`;
}

/**
 * Four digits in a row, ASCII or UTF-8 of another script's (apart by zeros: UTF-16, UTF-32), four
 * ASCII ones each apart by up to nine bytes that are no letter (but `x`) or digit (`45 39`,
 * `4,5,3`, `&#52;&#53;`, `&#x34;`, their UTF-16: the text forms hide a card so written; a base64
 * token's letters between its digits do not make its word read), or {@link WIDE_DIGITS}: most
 * words' bytes (an id, a hash) have none, and are not read at all.
 */
const CARD_DIGITS =
  // eslint-disable-next-line no-control-regex -- bytes
  /(?:\d[^\dA-Za-wyz]{0,9}){3}\d|(?:(?:\d|[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|\xf0[\x80-\xbf]{3})\0{0,3}){4}|(?:[^][\x06-\x1c]){4}|(?:[\x06-\x1c][^]){4}/;

const HEX_ONLY = /^[0-9a-f]+$/i;

/** {@link CARD_DIGITS} as hex, told before decoding (a hash, an id has none); bytes kept whole. */
const CARD_HEX =
  /^(?:[0-9a-f]{2})*?(?:3\d(?:[0-2][0-9a-f]|3[a-f]|40|5[b-f]|60|7[8b-f]|[89a-f][0-9a-f]){0,9}){3}3\d|(?:3\d(?:00){0,3}|(?:d[9bf]|[c-d][0-9a-f])[89ab][0-9a-f]|e[0-9a-f](?:[89ab][0-9a-f]){2}|f0(?:[89ab][0-9a-f]){3}){4}|(?:[0-9a-f]{2}(?:0[6-9a-f]|1[0-9a-c])){4}|(?:(?:0[6-9a-f]|1[0-9a-c])[0-9a-f]{2}){4}/i;

/**
 * Four UTF-16 code units in a row whose high byte is a script's digits' (`06` Arabic, `09`
 * Devanagari ... `1C`): told without reading the bytes as UTF-16, as most words' are not.
 */
// eslint-disable-next-line no-control-regex -- bytes
const WIDE_DIGITS = /(?:[^][\x06-\x1c]){4}|(?:[\x06-\x1c][^]){4}/;

/**
 * A hex word as a dump prints it, its bytes apart (`63 76 63 3d 37 33 37`, xxd's `6376 633d`): a
 * CVC in one was printed, in the same bytes together hidden (review15b). Read as {@link HEX_WORD}s
 * are, with the apart marks out; one with none is one of those, read once.
 */
const HEX_APART_WORD = new RegExp(LONG_HEX_WORD.source.replace('{14,}', '{3,}'), 'gi');

const SHORT_WORDS: readonly WordSearch[] = [
  [BASE64_WORD, fromBase64],
  [HEX_WORD, fromHex],
  [HEX_APART_WORD, (word) => (HEX_ONLY.test(word) ? undefined : readApart(word, hexWord))],
  [BYTE_LIST, shortFromByteList],
  SHORT_LINES_BASE64_WORD,
];

/** A hex word's text, as {@link HEX_WORD} reads it: one of digits alone is a number, not read. */
const hexWord = (hex: string) => (/[a-f]/i.test(hex) ? fromHex(hex) : undefined);

const CARD_DUMP: WordSearch = [
  LONG_HEX_WORD,
  (word) => (HEX_ONLY.test(word) ? cardHex(word) : readApart(word, cardHex)),
];
const CARD_WORDS: readonly WordSearch[] = withJson([
  // A word of hex digits alone (a hash, an id) is read as hex only: no card's base64 is one.
  [LONG_BASE64_WORD, (word) => (HEX_ONLY.test(word) ? undefined : fromBase64(word, cardText))],
  CARD_DUMP,
  prefixedDump(CARD_DUMP),
  BYTE_LIST_WORD,
  ...DUMP_WORDS,
  prefixedRows([CARD_DUMP, ...DUMP_WORDS]),
]);

function cardHex(hex: string): string | undefined {
  return CARD_HEX.test(hex) ? fromHex(hex, cardText) : undefined;
}

/**
 * A word's text as it is shown: a right-to-left override's run (the override plain or escaped,
 * `\u202E`, `%E2%80%AE` ...) reversed. The secret's forms searched in it hold no reversed ones
 * (those are for a text that has an override itself): `{"n":"\u202E789"}` as base64 printed 987.
 */
function asShown(text: string | undefined): string | undefined {
  if (text === undefined || !hasOverride(text)) return text;
  return text
    .replace(OVERRIDE_ANYWHERE, '\u202e')
    .replace(RUN, (_, run: string) => [...run].reverse().join(''));
}
