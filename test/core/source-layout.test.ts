// The layout of src/ (issue 19): no import circle (type-only imports included: a circle of types
// is still a tangle a reader must untie), and no source file over 300 lines.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Relative imports and re-exports of a file, resolved to source paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s*'(\.[^']+)'/g)]
    .concat([...text.matchAll(/(?:^|\n)\s*import\s*'(\.[^']+)'/g)])
    .map((match) => match[1]!);
  return specifiers.map((specifier) => resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
}

/** Every circle in the graph, each as the files along it (found by depth-first search). */
function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next) && graph.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

const files = sourceFiles(SRC);
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const name = (file: string) => relative(SRC, file);

describe('the layout of src/', () => {
  it('reads its imports (the walk sees the request path)', () => {
    expect(graph.get(join(SRC, 'core/call-engine.ts'))).toContain(join(SRC, 'core/retry/retry.ts'));
    expect(files.length).toBeGreaterThan(100);
  });

  it('finds a circle when there is one (the walk itself works)', () => {
    const toy = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(circles(toy)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('has no import circle', () => {
    expect(circles(graph).map((circle) => circle.map(name).join(' -> '))).toEqual([]);
  });

  it('has no source file over 300 lines', () => {
    const long = files
      .map((file) => ({
        file: name(file),
        lines: readFileSync(file, 'utf8').trimEnd().split('\n').length,
      }))
      .filter(({ lines }) => lines > 300);
    expect(long).toEqual([]);
  });
});
