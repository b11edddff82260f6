import type { WordSearch } from './word-search.js';

/** A JSON string's content: its characters but a quote, a backslash or a line end, and escapes. */
const CONTENT = String.raw`(?:[^"\\\r\n]|\\.)*`;

/**
 * A JSON string holding a dump's lines: an escaped line end before a line's offset (od's
 * `\n0000020 `, `\n000010 `, xxd's `\n00000010: `). A dump logged as one JSON field
 * (`{"msg":"0000000 6f74 …\n0000020 …"}`) printed a token whole: its lines' ends are two
 * characters, `\n`, which no dump's reading takes (redteam53). The quotes are kept: the JSON
 * stays JSON.
 */
const DUMP_STRING = new RegExp(
  String.raw`(?<=")(?=${CONTENT.slice(0, -1)}*?\\[nr][ \t]*[0-9a-f]{4,8}[: \t])${CONTENT}(?=")`,
  'gi',
);

/**
 * A JSON string's value on each of two lines or more, each a dump's line from its offset on: od's
 * dump written as JSON lines (`{"ts":1,"msg":"0000000 6f74 …"}` one a line) printed a token.
 */
const ROW_VALUE = String.raw`"[ \t]*[0-9a-f]{4,8}[: \t]${CONTENT}"`;
const ROW_LINE = String.raw`[^\r\n]*?${ROW_VALUE}[^\r\n]*`;
const DUMP_LINES = new RegExp(String.raw`(?<![^\r\n])${ROW_LINE}(?:\r?\n${ROW_LINE})+`, 'gi');
const ROW_VALUE_IN_LINE = new RegExp(ROW_VALUE, 'i');

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
/** A JSON string's content unescaped (a `\uXXXX` as its character). */
const unescaped = (content: string) =>
  content.replace(/\\(u[0-9a-f]{4}|.)/gi, (_, escape: string) =>
    escape.length === 5
      ? String.fromCharCode(parseInt(escape.slice(1), 16))
      : (ESCAPES[escape] ?? escape),
  );

/** `text` read by each of `inner`'s searches, what they read on a line each, or undefined. */
function readInside(text: string, inner: readonly WordSearch[]): string | undefined {
  const texts: string[] = [];
  for (const [pattern, read] of inner)
    for (const [found] of text.matchAll(new RegExp(pattern.source, pattern.flags))) {
      const shown = read(found);
      if (shown !== undefined) texts.push(shown);
    }
  return texts.length ? texts.join('\n') : undefined;
}

/**
 * Dumps inside JSON, read as the dump unescaped by the `inner` searches (a secret's own: a dump's,
 * od's, a log's prefixed lines): one JSON string holding a dump's lines, and JSON lines each
 * holding one of them.
 */
export function jsonDumps(inner: readonly WordSearch[]): readonly WordSearch[] {
  return [
    [DUMP_STRING, (word) => readInside(unescaped(word), inner)],
    [
      DUMP_LINES,
      (word) => {
        const rows = word
          .split(/\r?\n/)
          .map((line) => unescaped(line.match(ROW_VALUE_IN_LINE)?.[0].slice(1, -1) ?? ''));
        return readInside(rows.join('\n'), inner);
      },
    ],
  ];
}
