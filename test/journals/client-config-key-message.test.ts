import { describe, expect, it } from 'vitest';
import {
  createClient,
  InvalidRequestError,
  memoryJournal,
  type ClientOptions,
} from '../../src/index.js';

// `createClient({ ...config, key: 'proxy-api-key' })` (a config with a `key` of its own) threw
// "`key` is no client option: give it to each keyed call" (loose14b): refused rightly (a journal
// key there would be read by nothing), but the message spoke only to a reader who meant a journal
// key. It now says what `key` is to seatpay, where a keyed call takes it, and that a client takes
// no field named `key`, whatever the config meant by it.

describe('createClient given a config with a field named key', () => {
  it('is refused with a message for both readers, nothing sent', () => {
    const config = { baseUrl: 'http://simulator.test', token: 't', logLevel: 'off' as const };
    let thrown: unknown;
    try {
      createClient({ ...config, key: 'proxy-api-key' } as ClientOptions);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidRequestError);
    const message = (thrown as Error).message;
    expect(message).toMatch(/^`key` is a field no client takes/);
    expect(message).toMatch(
      /`key` belongs to one order .*paid twice.* first argument of each keyed call \(`client\.purchase\(\{ \.\.\.order, key, journal \}\)`/,
    );
    expect(message).toMatch(
      /A config's own field of that name \(a proxy's API `key`, say\) is no client option either: leave it out of createClient's options/,
    );
    expect(message).not.toContain('proxy-api-key');
  });
});

// A misplaced `journal` or `identity` was told of "a proxy's API `key`" (the wording made for
// `key`): each name is now told what it is to seatpay, and of a config's own field of its name.
describe('createClient given a journal or an identity', () => {
  it.each([
    [
      'journal',
      memoryJournal(),
      /`journal` is where keyed calls record their keys .* give it with each key/,
      "a logger's `journal`, say",
    ],
    [
      'identity',
      'user-41',
      /`identity` names who owns a key .* give it with each key/,
      "a user's `identity`, say",
    ],
  ])(
    '%s: refused with a message about itself, nothing of a proxy key',
    (name, value, what, theirs) => {
      let thrown: unknown;
      try {
        createClient({
          baseUrl: 'http://simulator.test',
          token: 't',
          [name]: value,
        } as ClientOptions);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(InvalidRequestError);
      const message = (thrown as Error).message;
      expect(message).toMatch(new RegExp(`^\`${name}\` is a field no client takes`));
      expect(message).toMatch(what);
      expect(message).toContain(
        `A config's own field of that name (${theirs}) is no client option`,
      );
      expect(message).not.toMatch(/proxy|API `key`|headers/);
    },
  );
});
