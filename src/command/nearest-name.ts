/** How many single-character edits turn `a` into `b` (for "did you mean"). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, at) => at);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The known name (a CSV column, a flag) a misspelt one most likely meant, if one is close: a few
 * edits away, or, with `prefixes`, one the given name starts with or that starts with it
 * (`--resume-directory` for `--resume-dir`, `--check` for `--check-digest`).
 */
export function nearestName(
  name: string,
  known: readonly string[],
  { prefixes = false } = {},
): string | undefined {
  const close = known
    .map((candidate) => ({ candidate, edits: distance(name, candidate) }))
    .filter(({ candidate, edits }) => edits <= Math.max(1, Math.floor(candidate.length / 3)))
    .sort((a, b) => a.edits - b.edits);
  if (close[0] || !prefixes) return close[0]?.candidate;
  const started = known.filter(
    (candidate) => name.length >= 3 && (name.startsWith(candidate) || candidate.startsWith(name)),
  );
  return started.length === 1 ? started[0] : undefined;
}
