/**
 * How many single-character edits turn `a` into `b` (for "did you mean"); two neighbours swapped
 * (`lsit`, `--prot`) count as one edit, the commonest typing slip.
 */
function distance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, at) => at)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        rows[i - 1]![j]! + 1,
        row[j - 1]! + 1,
        rows[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
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
