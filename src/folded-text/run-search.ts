import { remembered } from '../base64-forms/last-read.js';

/**
 * The search of a secret's pattern that holds its reversed forms (after a right-to-left override,
 * folded-text.ts's `inOverrideRun`), in linear time. Each reversed match looks back to its
 * override: on one line of many reversed copies the look grew with the line, and the search with
 * its square (2,000 copies of a card, 34 KB: 8 s; redteam38). A long text is searched a chunk at a
 * time instead, each as one search of the whole text finds it: a chunk no run reaches with the
 * pattern less its reversed forms (which match nowhere else); a chunk deep inside a run in a copy
 * that starts `LOOK` characters before it with an override, which every reversed form there finds
 * as near as the real one; any other chunk as it is.
 */
export function searchRuns(
  pattern: RegExp,
  text: string,
  from: number,
  to: number,
  found: (index: number, end: number) => void,
): number {
  const [twin, reach] = twins.get(pattern) ?? [];
  const spans = twin && text.length > 2 * CHUNK ? runsOf(text) : undefined;
  let next = -1;
  for (let at = from; at < to;) {
    const end = spans ? Math.min(to, at + CHUNK) : to;
    const [form, start] = spans
      ? howToSearch(pattern, twin!, text, spans, at, end + reach!)
      : [pattern, 0];
    const shift = start === 0 ? 0 : start - 1;
    const view = spans
      ? (start === 0 ? '' : '\u202e') + text.slice(start, Math.min(text.length, end + reach!))
      : text;
    form.lastIndex = at - shift;
    for (let match = form.exec(view); match && match.index + shift < end; match = form.exec(view)) {
      if (match[0].length === 0) form.lastIndex++;
      else found(match.index + shift, match.index + shift + match[0].length);
      next = form.lastIndex + shift;
    }
    at = Math.max(end, next);
  }
  return next; // where the search after the last match goes on, -1 when none
}

/** Characters a chunk is searched in before it: more than any form's look back (a CVC's label). */
const LOOK = 512;
const CHUNK = 2048;
/** How far a masked card's marks (`**** ****`) may run before a CVC's look back is cut short. */
const MARKS_LOOK = 4096;
const MARK = /[*•x\s.-]/;

/**
 * The pattern a chunk [at, end) is searched with, and where its view starts (0: the text itself;
 * else an override put before it).
 */
function howToSearch(
  pattern: RegExp,
  twin: RegExp,
  text: string,
  spans: number[],
  at: number,
  end: number,
): [RegExp, number] {
  let start = Math.max(0, at - LOOK);
  while (start > 0 && at - start < MARKS_LOOK && MARK.test(text[start - 1]!)) start--;
  // The first run that ends at `at` or after (runs end in order), then whether one reaches it.
  let [low, high] = [0, spans.length / 2];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (spans[middle * 2 + 1]! < at) low = middle + 1;
    else high = middle;
  }
  const [runFrom, runTo] = [spans[low * 2], spans[low * 2 + 1]];
  if (runFrom === undefined || runFrom > end) return [twin, 0];
  // Inside this run from before `start` (no line break between): an override put there is seen
  // by every reversed form as the real one is.
  if (runFrom < start && start <= runTo! && at - start < MARKS_LOOK) return [pattern, start];
  return [pattern, 0];
}

/** What of a secret's forms (secret-forms.ts) has reversed forms or not. */
type Forms = { text: RegExp; stored: RegExp; reach: number };

/** A `runs` pattern's twin without reversed forms, and how long a match may be. */
const twins = new WeakMap<RegExp, [RegExp, number]>();
/** Pairs a secret's patterns with reversed forms with those without (secret-forms.ts). */
export function pairRuns(withRuns: Forms, without: Forms): void {
  twins.set(withRuns.text, [without.text, withRuns.reach]);
  twins.set(withRuns.stored, [without.stored, withRuns.reach]);
}

/**
 * A right-to-left override, or its escape in JSON (`\u202E`: Python's `json.dumps` writes every
 * character past ASCII so), a URL or HTML, a Rust `{:?}` or JavaScript one (`\u{202e}`), Perl's
 * (`\x{202e}`), Python's long one (`\U0000202e`), or its UTF-8 bytes escaped (Python's bytes
 * `\xe2\x80\xae`, Git's and C's octal `\342\200\256`): the text that unescapes it (a field parsed,
 * printed) shows the run after it reversed, the secret as itself.
 */
export const OVERRIDE =
  '(?:\\u202e|\\\\(?:u202e|[ux]\\{0{0,32}202e\\}|U0000202e|xe2\\\\x80\\\\xae|342\\\\200\\\\256)|%e2%80%ae|&#x0{0,32}202e;|&#0{0,32}8238;)';

/** Every override in a text, plain or escaped (a base64 word's text read as shown: decoded-words.ts). */
export const OVERRIDE_ANYWHERE = /* @__PURE__ */ new RegExp(OVERRIDE, 'gi');

/** Not in an override's run: folded-text.ts's `inOverrideRun` stops there. */
const STOP = /[\u202a-\u202e\u2066-\u2069\n\r\u0085\u2029]/g;

/**
 * Where a reversed form may end: after an override, up to the next stop (`[from, to]` pairs,
 * flat, in order). Every override, overlapping ones too.
 */
const runsOf = remembered((text: string): number[] => {
  const spans: number[] = [];
  let stop = -1;
  OVERRIDE_ANYWHERE.lastIndex = 0;
  for (let match = OVERRIDE_ANYWHERE.exec(text); match; match = OVERRIDE_ANYWHERE.exec(text)) {
    const end = match.index + match[0].length;
    OVERRIDE_ANYWHERE.lastIndex = match.index + 1;
    if (stop < end) {
      STOP.lastIndex = end;
      stop = STOP.exec(text)?.index ?? text.length;
    }
    if (spans.length && end <= spans[spans.length - 1]!) continue; // in the run before
    spans.push(end, stop);
  }
  return spans;
});
