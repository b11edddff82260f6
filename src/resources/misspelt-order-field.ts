import { nearestOption } from '../core/setup/option-names.js';
import { KEY_FIELDS, refusal, type MoneyRefusal } from './misplaced-key.js';

/** The fields each money call's order is checked for (its schema's), from JavaScript. */
const CHECKOUT_FIELDS = ['service', 'how_many', 'subscription', 'academy'];
const PAY_FIELDS = ['token', 'chosen_period', 'payment_method_id'];
/** Every field of a money call's order (money-call.ts reads each by name). */
export const ORDER_FIELDS = [...CHECKOUT_FIELDS, ...PAY_FIELDS];

/**
 * The Latin letter each small Greek letter (`α` to `ω`) and Cyrillic one (`а` to `ј`) looks like
 * (`?` where none does), indexed by code: `α` at 0, `а` at 25 (its code, less `α`'s, past 102).
 * Letters in a bundle are escaped (`\uXXXX`), six bytes each: this costs a sixth of a table of them.
 */
const LATIN = 'aby?e?n?ik?uv?o?p??tu?x?wa??r?e????k?m?onpcty?x??????b????????si?j';

/**
 * `name` in lower case, each letter of another script that looks like a Latin one read as that one
 * (Cyrillic `е`, Greek `ο`): `kеy_` was sent as a field, its order paid with no key (redteam61).
 */
const lookAlike = (name: string) =>
  name.toLowerCase().replace(/[α-ωа-ј]/g, (c) => LATIN[(c.charCodeAt(0) - 945) % 102] ?? c);

/**
 * A field's name as it may be written another way: NFKD (full-width `ｓｕｂｓｃｒｉｐｔｉｏｎ`), lower
 * case, without `_`, `-`, blanks, accents or invisible characters (a zero-width space, a soft
 * hyphen; a combining grapheme joiner, a variation selector, a Hangul filler, a braille blank:
 * those passed, redteam59) and without a trailing `id` (`subscriptionId`, `payment_method`):
 * `subscription` for each.
 */
const foldName = (name: string) =>
  lookAlike(name.normalize('NFKD'))
    .replace(/[\p{M}\p{Cf}\p{DI}\p{White_Space}\u2800_-]/gu, '')
    .replace(/id$/, '');

/**
 * Letters of scripts that look like no Latin one: a name of them (`備考欄`) is a field of the
 * user's own, not one of ours in disguise (review25: it was refused as a misspelt `key`).
 */
const UNLIKE_LATIN =
  /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Arabic}\p{sc=Hebrew}\p{sc=Thai}\p{sc=Devanagari}]/u;

/** A letter that may stand for a Latin one: not ASCII (compared as it is), of no script above. */
const lookingLatin = (letter: string) => letter > '\x7f' && !UNLIKE_LATIN.test(letter);

/**
 * The field a folded name may be written as with Latin-looking letters of any other script (small
 * capitals `ᴋᴇʏ`, Cherokee, Lisu; redteam62): one as long whose ASCII letters all match it. Counted
 * in code points: a letter outside the BMP (Old Italic `𐌊`) is one, as its Latin letter is.
 */
const byShape = (name: string, folded: Map<string, string>) => {
  const letters = [...name];
  for (const [form, field] of folded)
    if (
      form.length === letters.length &&
      [...form].every((c, i) => c === letters[i] || lookingLatin(letters[i]!))
    )
      return field;
};

/**
 * The names each call's order is checked against: its fields, and a keyed call's `key`, `journal`
 * and `identity`: a `Key` or `keys` went to the service as a field, the order was paid with no key
 * and a re-run paid again (redteam59). pay.bag refuses the right names itself (it takes no key).
 */
const CHECKOUT_NAMES = [...CHECKOUT_FIELDS, ...KEY_FIELDS];
const PAY_NAMES = [...PAY_FIELDS, ...KEY_FIELDS];

/** Each call's names by their folded forms, folded once. */
const byFolded = (fields: string[]) => new Map(fields.map((field) => [foldName(field), field]));
const CHECKOUT_FOLDED = /* @__PURE__ */ byFolded(CHECKOUT_NAMES);
const PAY_FOLDED = /* @__PURE__ */ byFolded(PAY_NAMES);

/**
 * `name`, a near miss of `meant`, refused: renamed, it would be read. Not for a key's field on
 * pay.bag, which takes no key: refused as `key` is there, not told to rename it to what is refused.
 */
const misspelt = (name: string, meant: string, call: 'checkout' | 'pay.bag'): MoneyRefusal =>
  call === 'pay.bag' && KEY_FIELDS.includes(meant)
    ? refusal(name, 'readByNo', call, meant)
    : { ...refusal(name, 'misspelt', call), meant };

/**
 * A field of a money call's order that is a near miss of one it reads (`subscriptoin`, `howMany`),
 * given from JavaScript: the order's other fields pass through to the service (the deployed one
 * reads more than the schema names), so a checkout paid with `subscriptoin: 7` bought units for
 * the buyer, none added to subscription 7 (redteam52). So is one written another way (`Subscription`,
 * `how-many`, `subscription_id`, full-width, a zero-width space inside: redteam55). Refused before
 * anything is sent or recorded, naming the field meant; so is one written another way beside the
 * field itself with another value (which would the service read?). A near miss whose field is
 * given too passes, as does a field near none. The fields of a plain order are only looked up.
 */
export function misspeltOrderField(
  order: unknown,
  call: 'checkout' | 'pay.bag',
): MoneyRefusal | undefined {
  if (typeof order !== 'object' || order === null) return undefined;
  const fields = call === 'checkout' ? CHECKOUT_NAMES : PAY_NAMES;
  const folded = call === 'checkout' ? CHECKOUT_FOLDED : PAY_FOLDED;
  const given = order as Record<string, unknown>;
  for (const name in given) {
    if (!Object.hasOwn(given, name) || given[name] === undefined || fields.includes(name)) continue;
    const form = foldName(name);
    const written = folded.get(form) ?? byShape(form, folded);
    if (written !== undefined) {
      if (given[written] === undefined) return misspelt(name, written, call);
      if (!Object.is(given[written], given[name]))
        return { ...refusal(name, 'differs', call), meant: written };
      continue;
    }
    const meant = nearestOption(lookAlike(name), fields);
    if (meant !== undefined && !(meant in given)) return misspelt(name, meant, call);
  }
  return undefined;
}
