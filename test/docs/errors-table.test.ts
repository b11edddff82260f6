import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as seatpay from '../../src/index.js';
import { repoRoot } from './support/readme-commands.js';

// The README's errors table is where a user looks up what an error means and what to do: every
// error class the package exports has a row (a class added later fails here until it has one).
// docs/errors.md, the page the README sends a reader to for every class, names each one too.

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');

/** The rows of the table under `## Errors`, each as its cells. */
function errorsTable(): string[][] {
  const section = /^## Errors\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

/** Every exported class that is a `SeatpayError`, but the base class itself. */
function exportedErrorClasses(): string[] {
  return Object.entries(seatpay)
    .filter(([, value]) => typeof value === 'function')
    .filter(
      ([, value]) => (value as { prototype: unknown }).prototype instanceof seatpay.SeatpayError,
    )
    .map(([name]) => name)
    .sort();
}

describe('the README’s errors table', () => {
  const rows = errorsTable();

  it('says when each error happens and what a program should do', () => {
    expect(rows[0]).toEqual(expect.arrayContaining(['class', 'when', 'what a program should do']));
    expect(rows.length).toBeGreaterThan(10);
  });

  it('has a row for every error class the package exports', () => {
    const named = new Set(
      rows.flatMap((row) => [...row[0]!.matchAll(/`(\w+)`/g)].map((m) => m[1]!)),
    );
    const classes = exportedErrorClasses();
    expect(classes).toContain('OwnerOnlyError');
    expect(classes.filter((name) => !named.has(name))).toEqual([]);
  });
});

describe('docs/errors.md’s classes', () => {
  it('names every error class the package exports (KeyInProgressError slipped through)', () => {
    const page = readFileSync(join(repoRoot, 'docs/errors.md'), 'utf8');
    const classes = page.slice(0, page.indexOf('\n## Codes'));
    const named = new Set([...classes.matchAll(/`(\w+)`/g)].map((m) => m[1]!));
    expect(exportedErrorClasses()).toContain('KeyInProgressError');
    expect(exportedErrorClasses().filter((name) => !named.has(name))).toEqual([]);
  });
});
