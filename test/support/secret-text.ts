// Whether printed text shows a secret, judged by the rule seatpay redacts by
// (src/core/secrets/secret-forms.ts): a short secret (a CVC, under 8 characters) only where it
// stands alone. `737` inside a timestamp's `54.737Z`, a hex token or a stack frame's `http.ts:737:7`
// is no leak of the CVC 737; a plain `includes` said it was, and failed at random.

const WORD = /[\p{L}\p{N}]/u;
/** Under this length a secret counts only where it stands alone. */
const SHORT = 8;

/** Whether `secret` occurs in `text` with no letter or digit right before or after it. */
export function standsAlone(text: string, secret: string): boolean {
  for (let at = text.indexOf(secret); at !== -1; at = text.indexOf(secret, at + 1)) {
    const before = text[at - 1];
    const after = text[at + secret.length];
    if ((before === undefined || !WORD.test(before)) && (after === undefined || !WORD.test(after)))
      return true;
  }
  return false;
}

/** Stack frames are source paths and line numbers: a CVC `296` is no leak in `http.ts:296:7`. */
export const withoutStackFrames = (text: string) => text.replace(/^\s*at .*$/gm, '');

/**
 * The SDK's own figure in a log line `← 400 PUT … (123 ms)` is how long the call took: on a loaded
 * machine it can equal a CVC, which then stands alone there without being one.
 */
export const withoutCallDurations = (text: string) => text.replace(/ \(\d+ ms\)/g, ' (… ms)');

/**
 * Whether `text` shows `secret`: whole, or for a short one, standing alone outside stack frames
 * and call durations.
 */
export function showsSecret(text: string, secret: string): boolean {
  if (secret.length >= SHORT) return text.includes(secret);
  return standsAlone(withoutCallDurations(withoutStackFrames(text)), secret);
}
