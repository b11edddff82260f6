/** A count and its noun, as a reader says it: `1 row`, `0 rows`, `12 rows`. */
export const counted = (count: number, noun: string, plural = `${noun}s`): string =>
  `${count} ${count === 1 ? noun : plural}`;
