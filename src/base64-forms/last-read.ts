/**
 * `read` that remembers its last word and what it read, until the synchronous search that asked
 * returns. Every secret (a token, a card, a CVC) reads the same words of a text: one dump of a
 * megabyte was turned into hex, bytes and text once per secret, three times over (secretsperf18).
 * Forgotten at the next microtask, as folded-text.ts's last fold is: a word is a slice of a
 * service's text, which must not stay alive after its redaction.
 */
export function remembered<T>(read: (word: string) => T): (word: string) => T {
  let last: string | undefined;
  let result: T | undefined;
  const forget = () => (last = result = undefined);
  return (word) => {
    if (word === last) return result as T;
    if (last === undefined) queueMicrotask(forget);
    result = read(word);
    last = word;
    return result;
  };
}
