// review20c: a grouped card's runs (src/folded-text/grouped-digits.ts) are read without a Unicode
// replace and skipped when they hold fewer digits than a piece: every timestamp of a log is such a
// run. What they hide must be what redteam50's version hid, on any text: both are run with the
// same search (secret-scan.ts's piecesIn, as written there) on random texts of a card's slices
// grouped by marks, and must find the same pieces.
import { expect, it } from 'vitest';
import fc from 'fast-check';
import { groupedPieces } from '../../src/folded-text/grouped-digits.js';
import { folded } from '../../src/folded-text/folded-text.js';
import { groupedPiecesBefore } from './support/grouped-digits-before.js';

type Forms = { plain: string; pieceLength: number };

/** secret-scan.ts's piecesIn: windows of the card searched for, each hit widened. */
function piecesIn(
  forms: Forms,
  text: string,
  view: string,
  from: number,
  to: number,
  ranges: [number, number][],
): void {
  const { plain, pieceLength } = forms;
  const step = Math.max(1, Math.floor(pieceLength / 2));
  const width = pieceLength - step + 1;
  for (let start = 0; start + width <= plain.length; start += step) {
    const window = plain.slice(start, start + width);
    for (
      let at = view.indexOf(window, from);
      at !== -1 && at < to;
      at = view.indexOf(window, at + 1)
    ) {
      let left = 0;
      while (at - left > 0 && start - left > 0 && text[at - left - 1] === plain[start - left - 1])
        left++;
      let right = width;
      while (at + right < text.length && text[at + right] === plain[start + right]) right++;
      if (left + right >= pieceLength) ranges.push([at - left, at + right]);
    }
  }
}

const card = fc.constantFrom(
  '4539148803436467',
  '4242424242424242',
  '4111111111111111',
  '378282246310005',
  '6011111111111117',
);
const mark = fc.constantFrom(
  ...['', ' ', '-', ':', '.', '\n', ' / ', ' (', '\r\n', '  ', 'x', '\uff14', '%', '&', '1', '4'],
);
/** A slice of the card cut into groups, marks between them and after. */
const piece = fc.tuple(
  fc.nat(16),
  fc.nat(16),
  fc.array(fc.tuple(fc.nat(4), mark), { maxLength: 6 }),
  mark,
);

it("a grouped card's pieces are found as redteam50's version found them", () => {
  fc.assert(
    fc.property(
      card,
      fc.array(piece, { maxLength: 5 }),
      fc.nat(40),
      fc.nat(200),
      (plain, pieces, from, length) => {
        const text = pieces
          .map(([i, j, cuts, after]) => {
            let rest = plain.slice(Math.min(i, j), Math.max(i, j));
            let out = '';
            for (const [n, between] of cuts) {
              out += rest.slice(0, n + 1) + between;
              rest = rest.slice(n + 1);
            }
            return out + rest + after;
          })
          .join('');
        const forms = { plain, pieceLength: Math.min(12, Math.ceil(plain.length / 2)) };
        const fold = folded(text);
        const window: [number, number, number] = [0, from, Math.min(text.length, from + length)];
        const before: [number, number][] = [];
        const after: [number, number][] = [];
        groupedPiecesBefore(forms, text, fold, window, before, piecesIn);
        groupedPieces(forms, text, fold, window, after, piecesIn);
        expect(after).toEqual(before);
      },
    ),
    { numRuns: 3000 },
  );
});
