/**
 * A kind of word a secret may hide in whole (base64, hex), and the text one reads as: searched
 * for with the secret's text forms (secret-scan.ts, `collectWords`).
 */
export type WordSearch = readonly [word: RegExp, decode: (word: string) => string | undefined];

/**
 * The last text each kind of word (base64, hex, a dump's, a byte list: decoded-words.ts) was
 * found nowhere in. Every secret searches a text for the same kinds of word, and most texts have
 * none: a card, a token and a CVC each scanned an error's body for dumps (20 µs a scan of 650 B),
 * once is enough (redteam38). Forgotten once the synchronous search that found it returns, as
 * folded-text.ts's last fold is: kept longer, a slice would hold a service's large text alive.
 */
const wordless = new Map<RegExp, string>();
const forget = () => wordless.clear();

/**
 * A secret inside a base64 or hex word that starts in [resume, to): the whole word goes when
 * its text holds the secret (`{"cvc":"987"}` as base64 or hex). Where the next search starts.
 */
export function collectWords(
  word: RegExp,
  decode: (word: string) => string | undefined,
  pattern: RegExp,
  text: string,
  resume: number,
  to: number,
  ranges: [number, number][],
): number {
  if (wordless.get(word) === text) return text.length;
  let found = false;
  word.lastIndex = resume;
  for (let match = word.exec(text); match; match = word.exec(text)) {
    if (match.index >= to) return match.index;
    found = true;
    const decoded = decode(match[0]);
    if (decoded === undefined) continue;
    pattern.lastIndex = 0;
    if (pattern.test(decoded)) ranges.push([match.index, match.index + match[0].length]);
  }
  // Of any length (a megabyte's log searched whole by each secret: redteam47); a slice's search
  // resumed past 0 is not remembered.
  if (!found && resume === 0) {
    if (wordless.size === 0) queueMicrotask(forget);
    wordless.set(word, text);
  }
  return text.length;
}
