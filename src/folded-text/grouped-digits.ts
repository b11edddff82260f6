import type { Folded } from './folded-text.js';

/**
 * Marks between two digits, as a card number's groups are apart (`4539 1488`, `4539-1488`,
 * `4539 / 1488`, a line break): what secret-forms.ts's plain joiner takes between a whole card's
 * digits, and no more.
 */
const GROUP_MARKS = /(?<=\p{Nd})[^\p{L}\p{N}\\%&]{1,4}(?=\p{Nd})/gu;

/** Whether a text has digits apart by such marks at all (most have none: nothing to read). */
const HAS_GROUPS = /\p{Nd}[^\p{L}\p{N}\\%&]{1,4}\p{Nd}/u;

/**
 * `text` less the marks between its digits, `at[i]` where its code unit `i` came from, or
 * undefined when it has none: a card's piece is searched in it as in the text (secret-scan.ts),
 * so that a grouped card cut off (`card 4539 1488 0343`, a line's end) or split across two lines
 * or fields is hidden as far as the same digits together are.
 */
function ungrouped(text: string): Folded | undefined {
  if (!HAS_GROUPS.test(text)) return undefined;
  let out = '';
  const at: number[] = [];
  let kept = 0;
  GROUP_MARKS.lastIndex = 0;
  for (let match = GROUP_MARKS.exec(text); match; match = GROUP_MARKS.exec(text)) {
    for (let i = kept; i < match.index; i++) at.push(i);
    out += text.slice(kept, match.index);
    kept = match.index + match[0].length;
  }
  for (let i = kept; i <= text.length; i++) at.push(i);
  return { text: out + text.slice(kept), at };
}

type Pieces = { plain: string };
type Search<F extends Pieces> = (
  forms: F,
  text: string,
  view: string,
  from: number,
  to: number,
  found: [number, number][],
) => void;

/**
 * A card's pieces in `slice` (a view's part from `start`, `fold` its fold if any) read without
 * the marks between its digits: `search` finds the pieces that start in [from, to) of what it is
 * given; each is pushed into `ranges` where it is in the view, from its first digit to its last
 * (the marks after it, a line break, stay). Nothing for a secret that is not a number.
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
  const digits = ungrouped(fold?.text ?? slice);
  if (!digits) return;
  // Where each character of `digits` starts in the view, and where it ends.
  const startOf = (i: number) => start + (fold ? fold.at[digits.at[i]!]! : digits.at[i]!);
  const endOf = (i: number) => start + (fold ? fold.at[digits.at[i]! + 1]! : digits.at[i]! + 1);
  const index = (offset: number) => {
    for (let i = 0; i < digits.text.length; i++) if (startOf(i) >= offset) return i;
    return digits.text.length;
  };
  const found: [number, number][] = [];
  search(forms, digits.text, digits.text, index(from), index(to), found);
  for (const [begin, end] of found) ranges.push([startOf(begin), endOf(end - 1)]);
}
