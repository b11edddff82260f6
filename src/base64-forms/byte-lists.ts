import { textOf } from './word-text.js';

/**
 * A secret's bytes written as decimal numbers, as a program prints bytes it holds: a Buffer's
 * JSON (`{"type":"Buffer","data":[52,53,51,57]}`), a Uint8Array's (`{"0":52,"1":53}`),
 * `util.inspect` of one (`Uint8Array(19) [ 52, 53, …`, lines of them), a byte list a log joins
 * (`52,53,51,57`). Each was printed with the secret among those to hide (redteam38). Four
 * numbers or more, apart by a comma (blanks and line breaks allowed about it), or JSON's keyed
 * numbers; read as the bytes they are (decoded-words.ts searches the text with the secret's forms).
 */
export const BYTE_LIST =
  /(?<![\w.])(?:\d{1,3}[ \t]*,\s*){3,}\d{1,3}(?![\w.])|(?:"\d+":[ \t]*\d{1,3}[ \t]*,\s*){3,}"\d+":[ \t]*\d{1,3}(?!\d)/g;

const NUMBER = /(?<!")\b\d{1,3}\b(?!")/g;

/**
 * The last list read and its text: every secret searches the same lists (a megabyte of them was
 * read once per secret). Forgotten once the synchronous search that read it returns.
 */
let last: [list: string, text: string | undefined] | undefined;

/** The text a byte list holds, its bytes one per character if not text; undefined past 255. */
export function fromByteList(list: string): string | undefined {
  if (last?.[0] === list) return last[1];
  if (last === undefined) queueMicrotask(() => (last = undefined));
  let binary: string | undefined = '';
  for (const [number] of list.matchAll(NUMBER)) {
    const byte = Number(number);
    if (byte > 255) {
      binary = undefined;
      break;
    }
    binary += String.fromCharCode(byte);
  }
  last = [list, binary === undefined ? undefined : (textOf(binary) ?? binary)];
  return last[1];
}

/**
 * {@link fromByteList} for a short secret (a CVC): a list whose text has no letter is read only
 * when its bytes are digits and blanks alone (a number's bytes). Scores or seats whose numbers
 * spell the CVC among marks (`[33, 45, 55, 51, 55, 40]` is `!-737(`) were hidden whole, in a
 * parsed answer and in a log's text alike (redteam44); a text's bytes have letters.
 */
export function shortFromByteList(list: string): string | undefined {
  const text = fromByteList(list);
  return text === undefined || /\p{L}/u.test(text) || /^[\d\s]+$/.test(text) ? text : undefined;
}

/**
 * An array of bytes, or a Uint8Array's JSON parsed (`{"0":115,"1":107,…}`), as the lists a text
 * would hold its runs of text in (`115,107,… ; 52,53,…`), or undefined: a Buffer's JSON in a
 * service's parsed answer (`{"data":[115,107,…]}`) was printed in an error's body, its numbers
 * kept as numbers are (redteam41), and a Uint8Array's still was (review17c). A control but a tab
 * or a line break ends a run, and a run of four bytes or more is read (`[1, 2, 55, 51, 55]` is
 * seats, not a CVC); zeros are left out (UTF-16's, a frame's): a Buffer with a NUL or a frame's
 * header before a card, or of UTF-16, was printed whole (review17c).
 */
export function byteListOf(value: object): string | undefined {
  const items = Array.isArray(value) ? value : indexed(value);
  if (items === undefined || items.length < 4) return undefined;
  const runs: string[] = [];
  let run: number[] = [];
  const end = () => void (run.length >= 4 && runs.push(run.join(',')), (run = []));
  for (const item of items) {
    if (!Number.isInteger(item)) return undefined;
    const byte = item as number;
    if (byte < 0 || byte > 255) return undefined;
    if (byte >= 32 || byte === 9 || byte === 10 || byte === 13) run.push(byte);
    else if (byte !== 0) end();
  }
  end();
  return runs.length === 0 ? undefined : runs.join(' ; ');
}

/**
 * A plain object's values when its keys are `0` to its count less one (an index's keys come first,
 * in order: the last is the count less one only when all are such), else undefined.
 */
function indexed(value: object): readonly unknown[] | undefined {
  if (!Object.hasOwn(value, '0') || Object.getPrototypeOf(value) !== Object.prototype)
    return undefined;
  const keys = Object.keys(value);
  if (keys[keys.length - 1] !== String(keys.length - 1)) return undefined;
  return Object.values(value);
}
