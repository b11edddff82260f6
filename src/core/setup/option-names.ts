import { InvalidRequestError } from '../errors/validation-errors.js';
import type { ClientOptions } from './options.js';

/** The client's options, for telling a JavaScript caller which one a misspelled key meant. */
const OPTION_NAMES = [
  'baseUrl',
  'token',
  'authScheme',
  'profile',
  'academy',
  'timeout',
  'totalTimeout',
  'maxRetries',
  'maxRetryDelay',
  'retryBaseDelay',
  'fetch',
  'headers',
  'validate',
  'logger',
  'logLevel',
  'hooks',
  'maxResponseBytes',
  'tracer',
  'meter',
] satisfies (keyof ClientOptions)[];

/** Compiles only while every option is listed: a new option's misspelling must be named too. */
type Unlisted = Exclude<keyof ClientOptions, (typeof OPTION_NAMES)[number]>;
export type EveryOptionListed<T extends never = Unlisted> = T;

/**
 * Refuses a key that is a near miss of an option (`baseURL`, other SDKs' spelling, for
 * `baseUrl`; `max_retries` for `maxRetries`), naming the option meant: from JavaScript the misspelled
 * option is otherwise silently ignored, and the error names only what then seems missing. A key
 * near no option is left alone, as before.
 */
export function checkOptionNames(options: object): void {
  for (const key of Object.keys(options)) {
    if ((OPTION_NAMES as string[]).includes(key)) continue;
    const meant = nearestOption(key);
    if (meant !== undefined && !(meant in options)) {
      throw new InvalidRequestError(`Unknown option \`${key}\`: did you mean \`${meant}\`?`, {
        field: key,
      });
    }
  }
}

/** The one of `names` `key` most likely meant: equal ignoring case, or at most 2 edits away. */
export function nearestOption(
  key: string,
  names: readonly string[] = OPTION_NAMES,
): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = editDistance(key.toLowerCase(), name.toLowerCase());
    if (distance <= Math.min(2, name.length / 3) && (!best || distance < best.distance))
      best = { name, distance };
  }
  return best?.name;
}

/** Levenshtein distance: insertions, deletions and substitutions. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}
