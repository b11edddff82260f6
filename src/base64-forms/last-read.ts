/**
 * `read` that remembers its last two long words and what it read of them, until the synchronous search
 * that asked returns. Every secret (a token, a card, a CVC) reads the same words of a text, a
 * dump's both ways (its bytes, its words' bytes swapped): one dump of a megabyte was turned into
 * hex, bytes and text once per secret, three times over (secretsperf18). Forgotten at the next
 * microtask, as folded-text.ts's last fold is: a word is a slice of a service's text, which must
 * not stay alive after its redaction.
 */
export function remembered<T>(read: (word: string) => T): (word: string) => T {
  let kept: [string, T][] = [];
  const forget = () => (kept = []);
  return (word) => {
    if (word.length < LONG) return read(word); // a short word's many: none would stay kept
    for (const [known, result] of kept) if (known === word) return result;
    if (kept.length === 0) queueMicrotask(forget);
    const result = read(word);
    kept = [[word, result], ...kept.slice(0, 1)];
    return result;
  };
}

/** Words shorter are read anew: cheap to read, and a text's many short ones would push out its dump. */
const LONG = 1024;
