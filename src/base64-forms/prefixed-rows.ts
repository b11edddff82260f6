import type { WordSearch } from './word-search.js';

/**
 * One row of od's dumps: after its offset (seven octal or decimal digits, `-A d`; six hex, `-A x`),
 * numbers apart by blanks (`-b`, `-d`, `-x`, `-t x4`, `-t x8`: `163 153`, `6c5f6b73`) or `od -c`'s
 * cells (`   s`); with none (`-A n`), hex groups of 1, 2 or 4 bytes, a letter among them (numbers
 * alone are a table as much: not read so); or one item of a list a line (pprint's `'s',`).
 */
const ROW = String.raw`(?:[ \t]*(?:[0-9a-f]{2}){1,4}(?=[^\r\n]*[a-f])(?:[ \t]+(?:[0-9a-f]{2}){1,4}){1,15}|[0-9a-f]{6,7}(?:(?:[ \t]+[0-9a-f]{1,16}){2,}|(?: {3}[^\s]| {2}\\[0abfnrtv\\]| [0-7]{3}| {4}){2,16})|(['"])(?:\\.|(?!\N)[^\\\r\n])\N,?)[ \t]*`;
/** {@link ROW} with its quote's group numbered `group`. */
const row = (group: number) => ROW.replaceAll('\\N', `\\${group}`);

/**
 * A log's prefix before such a row (`2026-12-01T00:00:00Z app[1]: `, `worker 7 `, a tab's
 * column): to a character that is not a blank, nor a digit of an offset (od's own lines are
 * read as they are: dump-words.ts), and one blank or tab after it, as short as the row allows.
 */
const PREFIX = String.raw`[^\r\n]{0,80}?(?:[^0-9a-f\s][ \t]|[^\s]\t)`;

/** A line's end: LF, CRLF or a lone CR (a log written for a terminal, or by old Mac tools). */
const EOL = String.raw`(?:\r\n?|\n)`;
/** od's last row of bytes may hold one number (`0000040 0a7a`): the end of a token was printed. */
const LAST_ROW = String.raw`[0-9a-f]{6,7}[ \t]+[0-9a-f]{1,16}[ \t]*`;

/** Two such lines or more, each with a prefix of its own (mixed; CRLF, LF or CR). */
const PREFIXED_ROWS = new RegExp(
  String.raw`(?<![^\n\r])${PREFIX}${row(1)}(?:${EOL}${PREFIX}${row(2)})+(?:${EOL}${PREFIX}${LAST_ROW})?(?=[\r\n]|$)`,
  'gi',
);

/** A line's prefix, given the line is one of those. */
const LINE_PREFIX = new RegExp(String.raw`^${PREFIX}(?=(?:${row(1)}|${LAST_ROW})$)`, 'i');

/**
 * A dump od prints, or a list of characters one a line, whose every line carries a log's prefix,
 * read as it is without them by the `inner` readings (od's, a list's: dump-words.ts): a token,
 * password or card so logged a line at a time was printed whole (redteam50; xxd's and hexdump's
 * prefixed lines: prefixed-dumps.ts).
 */
export function prefixedRows(inner: readonly WordSearch[]): WordSearch {
  return [
    PREFIXED_ROWS,
    (word) => {
      const rows = word
        .split(/\r\n?|\n/)
        .map((line) => line.replace(LINE_PREFIX, ''))
        .join('\n');
      const texts: string[] = [];
      for (const [pattern, read] of inner)
        for (const [found] of rows.matchAll(new RegExp(pattern.source, pattern.flags))) {
          const text = read(found);
          if (text !== undefined) texts.push(text);
        }
      return texts.length ? texts.join('\n') : undefined;
    },
  ];
}
