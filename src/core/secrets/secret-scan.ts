import { formsOf, type SecretForms } from './secret-forms.js';
import { folded, foldedSearch, hasOverride } from '../../folded-text/folded-text.js';
import { collectWords } from '../../base64-forms/word-search.js';
import { searchRuns } from '../../folded-text/run-search.js';
import { groupedPieces } from '../../folded-text/grouped-digits.js';

export { collectWords };

// The search for secrets in a text. Each step finds the matches that start in [from, to): a long
// text is also searched a slice at a time with the same result (large-text/resumable-scan.ts).

/**
 * Every occurrence of `secrets` in `text` cut out with `marker` (the text itself if none), in one
 * go without a scan's bookkeeping: most texts redacted are short (a field, a header).
 */
export function scrubAll(
  text: string,
  secrets: readonly string[],
  stored: boolean,
  marker: string,
): string {
  const ranges: [number, number][] = [];
  const [end, runs] = [text.length, hasOverride(text)]; // an override's forms only if one is
  const fold = foldedSearch(text, 0, end, 0);
  for (const secret of secrets) {
    if (typeof secret !== 'string' || secret.length === 0) continue;
    const forms = formsOf(secret, runs);
    const pattern = stored ? forms.stored : forms.text;
    collect(pattern, text, 0, end, ranges);
    if (fold) for (const form of [pattern, ...forms.base64]) fold(form, ranges); // `YW\u200bJj` too
    for (const form of forms.base64) collect(form, text, 0, end, ranges);
    if (forms.pieceLength) collectPieces(forms, text, text, 0, end, ranges);
    for (const [word, decode] of forms.words)
      collectWords(word, decode, pattern, text, 0, end, ranges);
  }
  if (ranges.length === 0) return text;
  // Short numbers standing alone (a record's forms are other) count only next to another secret
  // found: searched for once one is (nextTo), not in every clean text a record keeps (issue 37).
  const alone: [number, number][] = [];
  for (const secret of stored ? secrets : [])
    if (typeof secret === 'string' && secret)
      collect(formsOf(secret, runs).text, text, 0, end, alone);
  return cutOut(text, nextTo(text, ranges, alone), marker);
}

/** A short number right after another secret (a few marks apart) is its CVC: `4111… / 737`. */
export function nextTo(
  text: string,
  ranges: [number, number][],
  alone: [number, number][],
): [number, number][] {
  if (alone.length === 0 || ranges.length === 0) return ranges;
  const ends = new Set(ranges.map(([, end]) => end));
  for (const range of alone) {
    let at = range[0];
    for (let marks = 0; marks <= 4 && at > 0 && !ends.has(at); marks++) {
      if (/[\p{L}\p{N}]/u.test(text[at - 1]!)) break;
      at--;
    }
    if (ends.has(at)) ranges.push(range);
  }
  return ranges;
}

/** Matches of `pattern` that start in [from, to); where the next search starts. */
export function collect(
  pattern: RegExp,
  view: string,
  from: number,
  to: number,
  ranges: [number, number][],
): number {
  return Math.max(
    searchRuns(pattern, view, from, to, (start, end) => ranges.push([start, end])),
    from,
    to,
  );
}

/**
 * Pieces of a long secret: windows taken every `step` characters of it are searched for, each hit
 * widened to all it shares with the secret (a run of `pieceLength` holds a whole window). Hits
 * that start in [from, to) only; other scripts' digits (`４２４２`) read as ASCII ones; a card's
 * digits also without the marks between them (`4539 1488 0343`: grouped-digits.ts).
 */
export function collectPieces(
  forms: SecretForms,
  text: string,
  view: string,
  from: number,
  to: number,
  ranges: [number, number][],
): void {
  // As far as a hit starting in [from, to) may reach either way (an escape: 12 units a digit).
  const reach = 12 * forms.plain.length;
  const start = Math.max(0, from - reach);
  const slice = view.slice(start, Math.min(view.length, to + reach));
  const fold = folded(slice);
  groupedPieces(forms, slice, fold, [start, from, to], ranges, piecesIn);
  if (!fold) return piecesIn(forms, text, view, from, to, ranges);
  // Searched in the folded copy, `at` telling where each of its characters was.
  const at = fold.at.map((where) => start + where);
  const index = (offset: number) => at.findIndex((where) => where >= offset);
  const found: [number, number][] = [];
  piecesIn(forms, fold.text, fold.text, index(from), index(to), found);
  for (const [begin, end] of found) ranges.push([at[begin]!, at[end]!]);
}

function piecesIn(
  forms: SecretForms,
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

export function cutOut(text: string, ranges: [number, number][], marker: string): string {
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of ranges) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  let result = '';
  let kept = 0;
  for (const [start, end] of merged) {
    result += text.slice(kept, start) + marker;
    kept = end;
  }
  return result + text.slice(kept);
}
