import type { SecretForms } from '../core/secrets/secret-forms.js';
import type { PageParts } from './page-parts.js';

/** What the search uses of the page's code (core/secrets and folded-text: `seatpay/node` has it too). */
export type ScanParts = Pick<
  PageParts,
  | 'formsOf'
  | 'collect'
  | 'collectPieces'
  | 'collectWords'
  | 'nextTo'
  | 'cutOut'
  | 'foldedSearch'
  | 'hasOverride'
>;

/**
 * The search for secrets in one text, which can be done in parts: {@link ResumableScan.until}
 * finds every occurrence that starts before a position, so a long text is searched a slice at a
 * time (redact-in-slices.ts: the event loop is let go between slices) with the same result as
 * `scrubAll` in one go, whatever a slice's edges cut. Each search runs on the whole text up to the
 * slice's end plus the longest any form of the secrets can be (`reach`, secret-forms.ts): a match
 * that starts in the slice is whole in it, and what comes before (a label, an escape) is seen as it
 * is. Words (base64, hex) are searched on the whole text, each one whole. Searches go on where the
 * last one stopped, as one search over the whole text does.
 */
export class ResumableScan {
  readonly #ranges: [number, number][] = [];
  /** A record's short numbers standing alone, kept only next to another secret (see `nextTo`). */
  readonly #alone: [number, number][] = [];
  readonly #jobs: Job[] = [];
  readonly #reach: number;
  readonly #parts: ScanParts;
  /** Every occurrence that starts before this has been found. */
  #done = 0;

  constructor(
    readonly text: string,
    secrets: readonly string[],
    stored: boolean,
    parts: ScanParts,
  ) {
    this.#parts = parts;
    let reach = 0;
    const runs = parts.hasOverride(text);
    for (const secret of secrets) {
      if (typeof secret !== 'string' || secret.length === 0) continue;
      const forms = parts.formsOf(secret, runs);
      reach = Math.max(reach, forms.reach);
      const pattern = stored ? forms.stored : forms.text;
      this.#jobs.push({
        forms,
        pattern,
        resume: [0, 0, 0],
        coded: forms.base64.map(() => [0, 0]),
        words: forms.words.map(() => 0),
      });
    }
    this.#reach = reach;
  }

  /** How far the text has been searched. */
  get done(): number {
    return this.#done;
  }

  /** Finds every occurrence that starts before `to` (all of them once `to` is the length). */
  until(to: number): void {
    const { text } = this;
    const end = Math.min(to, text.length);
    const view =
      end >= text.length ? text : text.slice(0, Math.min(text.length, end + this.#reach));
    const from = this.#done;
    const { collect, collectPieces, collectWords } = this.#parts;
    const folds = view.length === text.length ? view.length : wordEnd(text, from, end, view.length);
    const fold = this.#parts.foldedSearch(
      folds === view.length ? view : text.slice(0, folds),
      from,
      end,
      this.#reach,
    );
    for (const job of this.#jobs) {
      const { forms, pattern, resume, coded, words } = job;
      resume[0] = collect(pattern, view, Math.max(from, resume[0]), end, this.#ranges);
      if (fold) resume[2] = fold(pattern, this.#ranges, resume[2]);
      if (pattern !== forms.text)
        resume[1] = collect(forms.text, view, Math.max(from, resume[1]), end, this.#alone);
      forms.base64.forEach((form, at) => {
        const [plain, folded] = coded[at]!;
        coded[at] = [
          collect(form, view, Math.max(from, plain), end, this.#ranges),
          fold ? fold(form, this.#ranges, folded) : folded,
        ];
      });
      if (forms.pieceLength) collectPieces(forms, text, view, from, end, this.#ranges);
      forms.words.forEach(([word, decode], at) => {
        words[at] = collectWords(word, decode, pattern, text, words[at]!, end, this.#ranges);
      });
    }
    this.#done = end;
  }

  /** The text with every occurrence found cut out (one marker for touching ones). */
  result(marker: string): string {
    const { nextTo, cutOut } = this.#parts;
    const ranges = nextTo(this.text, this.#ranges, this.#alone);
    return ranges.length === 0 ? this.text : cutOut(this.text, ranges, marker);
  }
}

interface Job {
  forms: SecretForms;
  pattern: RegExp;
  /**
   * Where the text form, (a record's) short numbers standing alone and the folded text are
   * searched from next.
   */
  resume: [number, number, number];
  /**
   * Per word a secret may hide in (base64, hex, a byte list): where it is searched from next. Kept
   * apart: at `resume[1 + at]`, a fourth word's overwrote the folded search's (redteam38).
   */
  words: number[];
  /** Per base64 form (once, twice encoded): where the text and the folded text are searched. */
  coded: [number, number][];
}

/** A character of a base64 word (either alphabet). */
const IN_WORD = /[\w+/-]/;

/**
 * Where the folded search's view ends: at `cut`, or past a base64 word `cut` falls in that starts
 * in this slice [`from`, `end`). Such a word is folded as a whole (its inner base64 broken into
 * lines, base64-forms/wrapped-inside.ts) only where it starts: cut there, a secret past the cut
 * was in no slice's search (redactSecretsAsync gave the word back as it was). A word that started
 * before `from` was read whole by an earlier slice: a word of megabytes is read once.
 */
function wordEnd(text: string, from: number, end: number, cut: number): number {
  if (!IN_WORD.test(text[cut - 1] ?? '') || !IN_WORD.test(text[cut] ?? '')) return cut;
  let start = cut - 1;
  while (start > from && IN_WORD.test(text[start - 1]!)) start--;
  if (start >= end || (start === from && IN_WORD.test(text[from - 1] ?? ''))) return cut;
  let stop = cut;
  while (stop < text.length && IN_WORD.test(text[stop]!)) stop++;
  return text.startsWith('==', stop) ? stop + 2 : text[stop] === '=' ? stop + 1 : stop;
}
