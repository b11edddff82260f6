// groupedPieces as redteam50 left it (550febf2's src/folded-text/grouped-digits.ts), kept as the
// reference review20c's speed-up is compared with (test/core/grouped-digits-speedup.test.ts): a
// run's digits read by a Unicode replace, and searched when the run was half a card long.
import type { Folded } from '../../../src/folded-text/folded-text.js';

const MARKS = String.raw`[^\p{L}\p{N}\\%&]{1,4}`;
const ANY_MARKS = new RegExp(MARKS, 'gu');
const GROUPED_RUN = new RegExp(String.raw`\d+(?:${MARKS}\d+)+`, 'gu');

type Pieces = { plain: string };
type Search<F extends Pieces> = (
  forms: F,
  text: string,
  view: string,
  from: number,
  to: number,
  found: [number, number][],
) => void;

export function groupedPiecesBefore<F extends Pieces>(
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
    if (shown.length < forms.plain.length / 2 || endOf(index + shown.length - 1) <= from) continue;
    const digits = shown.replace(ANY_MARKS, '');
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
