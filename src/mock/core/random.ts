/**
 * Randomness the simulator uses: tokens and delays come from a seedable source. Any function
 * returning numbers in `[0, 1)` will do, `Math.random` included.
 *
 * @example
 * ```ts
 * const random: RandomSource = seededRandom(7);
 * const simulator = createSimulator({ random });
 * ```
 * @category Simulator
 */
export type RandomSource = () => number;

/**
 * A small seedable generator (mulberry32), so a test or demo can get the same tokens every run.
 *
 * @example
 * ```ts
 * import { createSimulator, seededRandom } from 'seatpay/mock';
 *
 * const a = createSimulator({ random: seededRandom(1) });
 * const b = createSimulator({ random: seededRandom(1) });
 * a.users.owner.token === b.users.owner.token; // true
 * ```
 * @category Simulator
 */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomHex(random: RandomSource, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += Math.floor(random() * 16).toString(16);
  return out;
}

/**
 * Request ids come from the platform's generator, not the seeded source, so that the number of
 * requests never shifts the tokens a seeded simulator hands out.
 */
export function requestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `req_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
