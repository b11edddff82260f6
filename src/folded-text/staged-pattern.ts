import { inOverrideRun } from './folded-text.js';

/**
 * A secret's pattern searched in two stages: a text with no escape the secret's characters could
 * be written in (`%73`, `\x73`, `\u0073`, `&#115;` ...: most texts, a log's lines, a message) is
 * searched with the pattern less those escapes, small; only a text that has one with the whole
 * pattern, compiled when first needed. V8 compiles a pattern at its first search (and again for
 * its second): a token's whole one, 4,000 characters or more, cost a client's first redaction with
 * a new token 10 to 25 ms, a card's 9 (redteam47). The same matches either way: where no escape
 * is, none of the escapes' alternatives can match.
 */
export class StagedPattern extends RegExp {
  #whole: RegExp | undefined;
  readonly #wholeSource: string;
  readonly #needsWhole: RegExp;
  /** The text last told, and whether it needs the whole pattern: a search's many calls ask once. */
  #told: string | undefined;
  #wholeNeeded = false;

  constructor(plain: string, whole: string, escapes: string, flags: string) {
    super(plain, flags);
    this.#wholeSource = whole;
    this.#needsWhole = escapesPattern(escapes);
  }

  /** What `split` and `matchAll` make of it: a plain pattern (they call no `exec` of this one). */
  static override get [Symbol.species](): RegExpConstructor {
    return RegExp;
  }

  override exec(text: string): RegExpExecArray | null {
    if (text !== this.#told) {
      // Forgotten once the synchronous search returns: a large text must not stay alive here.
      if (this.#told === undefined) queueMicrotask(() => (this.#told = undefined));
      this.#told = text;
      this.#wholeNeeded = this.#needsWhole.test(text);
    }
    if (!this.#wholeNeeded) return super.exec(text);
    const whole = (this.#whole ??= new RegExp(this.#wholeSource, this.flags));
    whole.lastIndex = this.lastIndex;
    const match = whole.exec(text);
    this.lastIndex = whole.lastIndex;
    return match;
  }
}

/**
 * One compiled test per set of escapes (most tokens' are alike), kept: few and small. Case folded
 * as the whole pattern's `iu` folds it: `&nbſp;` (a long s) is `&nbsp;` to it (review19c).
 */
const compiled = new Map<string, RegExp>();
function escapesPattern(source: string): RegExp {
  let pattern = compiled.get(source);
  if (!pattern) {
    if (compiled.size >= 64) compiled.clear();
    compiled.set(source, (pattern = new RegExp(source, 'iu')));
  }
  return pattern;
}

/**
 * What a text holds where one of `bytes`' escapes (UTF-8 bytes as `%XX`, `\xHH`, octal `\NNN`;
 * UTF-16 `units` as `\uXXXX`) or any character's entity (`&#…;`) is: a pattern's source.
 * `more`: other escapes a secret's pattern knows (a card's joiners, JSON's `\/`, `+` for a space).
 */
export function escapesOf(
  bytes: Iterable<number>,
  units: Iterable<number>,
  more: string[],
): string {
  const hex = (value: number, width: number) => value.toString(16).padStart(width, '0');
  const set = [...new Set(bytes)];
  const byHex = set.map((byte) => hex(byte, 2)).join('|');
  const octal = set.map((byte) => byte.toString(8).padStart(3, '0')).join('|');
  const points = [...new Set(units)].map((unit) => unit.toString(16)).join('|');
  return [
    `%(?:25|${byHex})`, // `%25`: percent-encoded again
    `\\\\x(?:${byHex})`,
    `\\\\(?:${octal})`,
    // `\u0073`, and a code point as `\x{73}`, `\u{73}`, CSS's `\73 ` (redteam53); `U+0073`.
    `\\\\[xu]?\\{?0*(?:${points})|U\\+`,
    '&#',
    // Quoted-printable before another or a letter (`limit=50` is none).
    `=(?:${byHex})[=g-z]`,
    ...more,
  ].join('|');
}

/** A card's joiner (secret-forms.ts's DIGIT_JOINER) where no escape is: up to four marks. */
const PLAIN_JOINER = '[^\\p{L}\\p{N}\\\\%&]{0,4}';
/**
 * Where that joiner's escapes are: `%2D`, `\x2d`, `\u00a0`, `\u2013`, `\n`, `\u{a}`, `&#45;`,
 * `&nbsp;`.
 */
const JOINER_ESCAPES = [
  '%(?:2[0-9a-f]|3[a-f])',
  '\\\\(?:x[23]|u00|u20|u\\{|[nrt])',
  '&(?:nbsp|ndash|mdash);',
];

/**
 * A long secret's text pattern (secret-forms.ts), staged: `each` is every character's forms, its
 * own first; `card`: a card number's joiner between them; `bytes`: the alternatives of its bytes'
 * hex; `whole`: the whole pattern's source.
 */
export function stagedForms(
  secret: string,
  each: readonly string[][],
  card: boolean,
  runs: boolean,
  bytes: string,
  whole: string,
): StagedPattern {
  const own = each.map((forms) => forms[0]!);
  const joiner = card ? PLAIN_JOINER : '';
  const plain = `(?:${own.join(joiner)}${inOverrideRun(own, joiner, runs)})${bytes}`;
  // Escapes the lists below do not name: `+` for a blank, JSON's `\/`, an entity's name.
  const named = each.flatMap((forms) =>
    forms
      .slice(1)
      .filter((form) => !/^(?:\(\?:%|\(\?:\\\\\\\\\?\[xu\]|\\\\(?:\\\\\?|u)|&#)/.test(form)),
  );
  const units = Array.from({ length: secret.length }, (_, at) => secret.charCodeAt(at));
  const escapes = escapesOf(new TextEncoder().encode(secret), units, [
    ...named,
    ...(card ? JOINER_ESCAPES : []),
  ]);
  return new StagedPattern(plain, whole, escapes, 'giu');
}
