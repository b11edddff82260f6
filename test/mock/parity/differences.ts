import type { Aspect } from './compare.js';

/** A difference kept on purpose between the simulator's deployed profile and the recording. */
export interface Deliberate {
  aspects: readonly Aspect[];
  reason: string;
}

/**
 * The deliberate differences, by exchange number. The parity suite fails both when an exchange
 * differs in another way and when a listed difference is gone (then remove it here). Besides
 * these, ids, tokens, timings, catalog names and prices differ by design: the suite compares
 * shapes, not values, and substitutes the simulator's own ids, tokens and fixtures.
 */
export const DELIBERATE: Readonly<Record<number, Deliberate>> = {
  76: {
    aspects: ['status', 'contentType', 'shape'],
    reason:
      "`POST /__mock/consume` is the simulator's own control route, served under both profiles " +
      'so tests can make a member draw units; the real server has no such route (HTML 404).',
  },
  90: {
    aspects: ['detail'],
    reason:
      "The refusal names the member's user id, which is the simulator's own (2), not the " +
      "recorded server's (3); the words are the same.",
  },
  166: {
    aspects: ['detail'],
    reason:
      "A malformed JSON body: the text after 'JSON parse error - ' is the parser's own message " +
      "(Python's json there, JavaScript's JSON.parse here); the status, shape and prefix match.",
  },
};
