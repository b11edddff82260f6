import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConnectionError, createClient } from '../../src/index.js';

// What the caller's own code throws (here its fetch) is kept as an error's cause only as a copy
// with the client's secrets hidden. The copy must be made by seatpay itself: a value that answers
// for its own copying (an array's own `map`, its species) must not put a secret back into it.

const TOKEN = 'tok_live_4f9a8c7e6d5b4a3f2e1d';

function clientThrowing(thrown: unknown) {
  return createClient({
    baseUrl: 'http://service.test',
    token: TOKEN,
    maxRetries: 0,
    logLevel: 'off',
    fetch: () => Promise.reject(thrown),
  });
}

async function failureOf(thrown: unknown): Promise<unknown> {
  return clientThrowing(thrown)
    .plans.get('team-per-team')
    .then(
      () => undefined,
      (error: unknown) => error,
    );
}

/** An array whose own `map` (not enumerable, so it looks like data) hands back the token. */
function arrayMappingTo(text: string): string[] {
  const tried = ['first try', `with ${TOKEN}`];
  Object.defineProperty(tried, 'map', { value: () => [text, text] });
  return tried;
}

/** An array whose species makes the copy: an array of its own, which ignores what is written. */
function arrayOfSpecies(text: string): string[] {
  const tried = ['first try', `with ${TOKEN}`];
  // A constructor (`new` is how map calls it) whose instance is the array it returns.
  const species = function () {
    return new Proxy([text, text], { defineProperty: () => true });
  };
  Object.defineProperty(tried, 'constructor', { value: { [Symbol.species]: species } });
  return tried;
}

describe("a cause from the caller's code whose arrays answer for their own copy", () => {
  for (const [name, make] of [
    ['an own map', arrayMappingTo],
    ['a species', arrayOfSpecies],
  ] as const) {
    it(`${name}: the error's cause quotes no token`, async () => {
      const thrown = Object.assign(new TypeError('fetch failed'), { tried: make(TOKEN) });
      const error = await failureOf(thrown);
      expect(error).toBeInstanceOf(ConnectionError);
      const printed = inspect(error, { depth: 10, showHidden: true });
      expect(printed).toContain('fetch failed');
      expect(printed).not.toContain(TOKEN);
      expect(JSON.stringify((error as Error).cause)).not.toContain(TOKEN);
    });
  }
});
