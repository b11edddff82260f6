import type { WordSearch } from './word-search.js';

/**
 * One line of a hex dump from its offset on: xxd's `00000010: 655f 3966 …  e_9f…`, hexdump -C's
 * `00000010  65 5f 39 …  |e_9f…|`, curl --trace's and tcpdump -X's `0x0010: 65 5f …`.
 */
const ROW = String.raw`(?:[0-9a-f]{8}|(?:0x)?[0-9a-f]{4})(?::| (?= ))(?:[ \t]{1,3}[0-9a-f]{2,8}){2,}[^\r\n]*`;

/**
 * A log's prefix before a dump line's offset (`2026-12-01T00:00:00Z app[123]: `): up to blanks
 * after a character no dump's offset or bytes end with (not an offset itself, nor a dump's other
 * words: `od -tx4`'s `0000020 2c226e61` was no prefix), or after any before an offset of eight
 * and its colon or two blanks (`pid 1234 00000010: `, `id=ab 00000010  `: xxd's, hexdump -C's;
 * such a dump's token printed its first and last characters, review19c); looked for only on a
 * dump's next line.
 */
const PREFIX = String.raw`[^\r\n]{0,80}?(?:[^0-9a-f\s]|[0-9a-f](?=[ \t]+[0-9a-f]{8}(?::| {2})))[ \t]+`;

/** Two dump lines or more, each after the first with a prefix of its own (LF, CRLF or a lone CR). */
const PREFIXED_DUMP = new RegExp(
  String.raw`(?<![\w:])${ROW}(?:(?:\r\n?|\n)${PREFIX}${ROW})+`,
  'gi',
);
const LINE_PREFIX = new RegExp(String.raw`^${PREFIX}(?=${ROW})`, 'i');

/**
 * A dump whose every line carries a log's prefix, read as the dump without them by `dump`'s
 * reading (a kind of {@link WordSearch} for a dump's lines): each line was read as a dump of its
 * own, and a token across three printed its first and last characters, bytes and text (redteam47).
 */
export function prefixedDump([dump, read]: WordSearch): WordSearch {
  return [
    PREFIXED_DUMP,
    (word) => {
      const lines = word
        .split(/\r\n?|\n/)
        .map((line, at) => (at ? line.replace(LINE_PREFIX, '') : line));
      const texts = [...lines.join('\n').matchAll(new RegExp(dump.source, dump.flags))]
        .map(([found]) => read(found))
        .filter((text) => text !== undefined);
      return texts.length ? texts.join('\n') : undefined;
    },
  ];
}
