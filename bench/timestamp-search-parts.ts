// What the one secret search of a keyed call's records costs (issue 37, keyed23): a journal keeps
// the answer's new timestamp (`paid_at`), searched with `scrubText(…, stored)` for the client's
// secrets. Here that search is taken apart by the families of forms `scrubAll` runs for each secret
// (src/core/secrets/secret-scan.ts): its pattern, the folded text's search, base64 cores, pieces
// (grouped digits too), decoded words. Each part alone in a loop of new timestamps, hot, µs per
// text; then which families find a secret in ISO timestamps at all (sampled), and texts that a
// skip of "timestamps" would leave unredacted.
//
//   npx tsx bench/timestamp-search-parts.ts [--texts 2000] [--rounds 15] [--samples 200000]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { scrubText } from '../src/core/secrets/redact.js';
import { formsOf } from '../src/core/secrets/secret-forms.js';
import { collect, collectPieces, collectWords } from '../src/core/secrets/secret-scan.js';
import { foldedSearch, hasOverride } from '../src/folded-text/folded-text.js';

const { values } = parseArgs({
  options: {
    texts: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '15' },
    samples: { type: 'string', default: '200000' },
  },
});
const count = Number(values.texts);
const rounds = Number(values.rounds);
const samples = Number(values.samples);

/** The bench client's secrets (bench/record-redaction.ts): its token, a card and its CVC. */
const secrets = ['324c9e4eabd5832b0267441b28790ef9c71e6d06', '4242424242424242', '123'];
/** New timestamps, as a service's answers have: 137 ms apart. */
const texts = Array.from({ length: count }, (_, i) =>
  new Date(1_800_000_000_000 + i * 137).toISOString(),
);
type Ranges = [number, number][];

/** µs per text of `part` over `texts`, one pass. */
function time(part: (text: string, ranges: Ranges) => void): number {
  const ranges: Ranges = [];
  const start = process.hrtime.bigint();
  for (const text of texts) part(text, ranges);
  return Number(process.hrtime.bigint() - start) / 1e3 / texts.length;
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

const forms = secrets.map((secret) => formsOf(secret, false));
const parts: Record<string, (text: string, ranges: Ranges) => void> = {
  'whole search (scrubText, stored)': (text) => void scrubText(text, secrets, true),
  'override look, fold': (text) => {
    hasOverride(text);
    foldedSearch(text, 0, text.length, 0);
  },
  'stored patterns': (text, ranges) => {
    for (const form of forms) collect(form.stored, text, 0, text.length, ranges);
  },
  'base64 cores': (text, ranges) => {
    for (const form of forms)
      for (const core of form.base64) collect(core, text, 0, text.length, ranges);
  },
  'pieces (grouped digits too)': (text, ranges) => {
    for (const form of forms)
      if (form.pieceLength) collectPieces(form, text, text, 0, text.length, ranges);
  },
  'decoded words': (text, ranges) => {
    for (const form of forms)
      for (const [word, decode] of form.words)
        collectWords(word, decode, form.stored, text, 0, text.length, ranges);
  },
  '  kinds that find a word here': (text, ranges) => words(text, ranges, true),
  '  kinds that find none here': (text, ranges) => words(text, ranges, false),
};

/** Whether a kind of word shows in the first timestamp (all of them share its shape). */
const showing = new Map<RegExp, boolean>();
for (const form of forms)
  for (const [word] of form.words)
    showing.set(word, new RegExp(word.source, word.flags).test(texts[0]!));
const shows = (word: RegExp) => showing.get(word)!;
function words(text: string, ranges: Ranges, showing: boolean) {
  for (const form of forms)
    for (const [word, decode] of form.words)
      if (shows(word) === showing)
        collectWords(word, decode, form.stored, text, 0, text.length, ranges);
}
// The parts in turn in each round (none measured colder than the others); the first round thrown away.
const times = new Map(Object.keys(parts).map((name) => [name, [] as number[]]));
for (let round = 0; round <= rounds; round++)
  for (const [name, part] of Object.entries(parts)) {
    const us = time(part);
    if (round > 0) times.get(name)!.push(us);
  }
console.log(
  `load average ${loadavg()[0]!.toFixed(1)}; ${count} new timestamps, median of ${rounds} rounds`,
);
for (const [name, list] of times)
  console.log(`${name.padEnd(34)} ${median(list).toFixed(2)} µs a text`);

// Which families find one of the secrets in an ISO timestamp (any day, any time to the ms).
const found = new Map<string, string[]>();
const note = (family: string, text: string) => {
  const list = found.get(family) ?? found.set(family, []).get(family)!;
  if (list.length < 3) list.push(text);
};
for (let i = 0; i < samples; i++) {
  // Spread over a century, to the millisecond: every hour, minute and second shows up.
  const text = new Date(Math.floor(Math.random() * 3_155_760_000_000)).toISOString();
  forms.forEach((form, at) => {
    const look = (family: string, search: (ranges: Ranges) => void) => {
      const ranges: Ranges = [];
      search(ranges);
      if (ranges.length) note(`${family} of secret ${at}`, text);
    };
    look('stored pattern', (ranges) => collect(form.stored, text, 0, text.length, ranges));
    look('base64 cores', (ranges) => {
      for (const core of form.base64) collect(core, text, 0, text.length, ranges);
    });
    look('pieces', (ranges) => {
      if (form.pieceLength) collectPieces(form, text, text, 0, text.length, ranges);
    });
    look('words', (ranges) => {
      for (const [word, decode] of form.words)
        collectWords(word, decode, form.stored, text, 0, text.length, ranges);
    });
  });
}
console.log(`\n${samples} random ISO timestamps; families that found a secret (first at most 3):`);
for (const [family, list] of found) console.log(`  ${family}: ${list.join(', ')}`);
for (const text of ['2026-12-02T12:42:42.424Z', '2026-12-02T04:24:24.242Z'])
  console.log(`  ${text} is stored as ${scrubText(text, secrets, true)}`);
