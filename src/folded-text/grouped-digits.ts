import type { Folded } from './folded-text.js';

/**
 * Marks between two digits, as a card number's groups are apart (`4539 1488`, `4539-1488`,
 * `4539 / 1488`, a line break): what secret-forms.ts's plain joiner takes between a whole card's
 * digits, and no more.
 */
const MARKS = String.raw`[^\p{L}\p{N}\\%&]{1,4}`;

/**
 * A run of digits some marks apart (pieces of a run with none are found in the text as it is);
 * ASCII: a fold reads other scripts' digits as those.
 */
const GROUPED_RUN = new RegExp(String.raw`\d+(?:${MARKS}\d+)+`, 'gu');

type Pieces = { plain: string; pieceLength: number };
type Search<F extends Pieces> = (
  forms: F,
  text: string,
  view: string,
  from: number,
  to: number,
  found: [number, number][],
) => void;

/**
 * A card's pieces in `slice` (a view's part from `start`, `fold` its fold if any) where its digits
 * are grouped: each run of digits some marks apart is read without the marks and searched with
 * `search` (secret-scan.ts's), so that a grouped card cut off (`card 4539 1488 0343`, a line's
 * end) or split across two lines or fields is hidden as far as the same digits together are.
 * Pieces that start in [from, to) of the view go into `ranges`, from their first digit to their
 * last (the marks after one stay). Nothing for a secret that is not a number.
 */
export function groupedPieces<F extends Pieces>(
  forms: F,
  slice: string,
  fold: Folded | undefined,
  [start, from, to]: [start: number, from: number, to: number],
  ranges: [number, number][],
  search: Search<F>,
): void {
  if (!/^\d+$/.test(forms.plain)) return;
  const text = fold?.text ?? slice;
  // Where character `i` of `text` starts in the view, and where it ends.
  const startOf = (i: number) => start + (fold ? fold.at[i]! : i);
  const endOf = (i: number) => start + (fold ? fold.at[i + 1]! : i + 1);
  GROUPED_RUN.lastIndex = 0;
  for (let run = GROUPED_RUN.exec(text); run; run = GROUPED_RUN.exec(text)) {
    const [shown, index] = [run[0], run.index];
    if (startOf(index) >= to) break;
    if (shown.length < forms.pieceLength || endOf(index + shown.length - 1) <= from) continue;
    let digits = '';
    for (let i = 0; i < shown.length; i++) {
      const code = shown.charCodeAt(i);
      if (code >= 48 && code <= 57) digits += shown[i];
    }
    // A piece is `pieceLength` digits or more: a shorter run (`21:04:07`) holds none.
    if (digits.length < forms.pieceLength) continue;
    const found: [number, number][] = [];
    search(forms, digits, digits, 0, digits.length, found);
    if (found.length === 0) continue;
    // Where each of the run's digits is in `text` (most runs hold no piece: not asked then).
    const at: number[] = [];
    for (let i = 0; i < shown.length; i++)
      if (shown[i]! >= '0' && shown[i]! <= '9') at.push(index + i);
    for (const [begin, end] of found) {
      if (startOf(at[begin]!) < from || startOf(at[begin]!) >= to) continue;
      // Each group apart: the marks between stay where more than one (` (`, ` / `) or a line break
      // (two copies of a card that repeats itself, `4242…`, are two pieces, not one with the marks).
      let first = begin;
      for (let j = begin + 1; j <= end; j++) {
        const gap = j < end ? text.slice(at[j - 1]! + 1, at[j]) : '';
        if (j < end && gap.length <= 1 && !/[\r\n]/.test(gap)) continue;
        ranges.push([startOf(at[first]!), endOf(at[j - 1]!)]);
        first = j;
      }
    }
  }
}
