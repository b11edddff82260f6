import { nearestName } from './nearest-name.js';

// What a mistyped flag, command or action is told: the name it most likely meant, and never the
// text itself when it is no name at all (a token or a card pasted in the wrong place).

/**
 * What a mistyped flag can be: letters, dashes and underscores, in one case when long (a token has
 * digits or both cases); anything else is not echoed.
 */
const FLAG_NAME = /^-{1,2}(?:[a-z_][a-z_-]{0,39}|[A-Za-z_][A-Za-z_-]{0,19})$/;
/** A mistyped command or action: a name as a flag's, or a short number (an id put first). */
const WORD = /^(?:[a-z_][a-z_-]{0,39}|[A-Za-z_][A-Za-z_-]{0,19}|\d{1,9})$/;
const MAY_BE_SECRET = 'may be a secret; secrets go in files or the environment';

/** `unknown option --seat: did you mean --seats?`; `--sk_live_...` is not shown. */
export function unknownFlag(given: string, flags: readonly string[]): string {
  if (!FLAG_NAME.test(given))
    return `unknown option (not shown: it is no flag name and ${MAY_BE_SECRET})`;
  const meant = nearestName(given.replace(/^-+/, ''), flags, { prefixes: true });
  return `unknown option ${given}${meant ? `: did you mean --${meant}?` : ''}`;
}

/**
 * How an unknown command or action is named in a message: `"lst" (did you mean list?)`, `"frob"`,
 * or, for what is no name, `(not shown: ...)` after `unnamed` (`the word given `).
 */
export function unknownWord(given: string, words: readonly string[], unnamed = ''): string {
  if (!WORD.test(given)) return `${unnamed}(not shown: it is no command name and ${MAY_BE_SECRET})`;
  const meant = nearestName(given.toLowerCase(), words);
  return `"${given}"${meant ? ` (did you mean ${meant}?)` : ''}`;
}

/**
 * A value given where a number or no argument goes, quoted, or `(not shown: ...)` when it is no
 * short name or number: `--how-many sk_live_...`, `--port 4111…`, a token left at a line's end
 * were printed back whole (review21c).
 */
export function givenValue(given: string): string {
  return WORD.test(given) || SHORT_VALUE.test(given)
    ? `"${given}"`
    : `(not shown: it ${MAY_BE_SECRET})`;
}
/** A short value as typed (`12,50`, `v2`, `1.5`), no run of ten digits (a card's part). */
const SHORT_VALUE = /^(?!.*\d{10})[\w.,:+-]{0,12}$/;
