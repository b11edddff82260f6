import { describe, expect, it } from 'vitest';
import { splitPage, upFrontOf } from '../../bench/bundle-split.js';
import { oneCallPage } from '../../bench/first-answer.js';

// What a page downloads before its first answer holds no bundler helper that builds module
// namespaces (size13): the parts loaded on first use reached the modules they share through
// `export * as lazySide`, a namespace built by esbuild's `__export` helper, which dist/'s build
// put in a chunk every entry imports; a page built with esbuild --splitting then downloaded that
// helper as a file of its own before its first answer, though only the parts use it (BENCHMARKS.md,
// "Thirteenth pass: the page's bytes"). Minified, the helper defines getters in a loop:
// `(t,e)=>{for(var r in e)o(t,r,{get:e[r],enumerable:!0})}`.
describe("a page's first answer", () => {
  it.each(['vite', 'esbuild --splitting'] as const)(
    'holds no helper that builds a module namespace (%s)',
    async (splitter) => {
      const { entry, chunks } = await splitPage(oneCallPage(), splitter);
      const upFront = upFrontOf(entry, chunks);
      const holding = chunks
        .filter((chunk) => upFront.has(chunk.name))
        .filter((chunk) =>
          /\{get:\w+\[\w+\],enumerable:!0\}/.test(new TextDecoder().decode(chunk.code)),
        )
        .map((chunk) => chunk.name);
      expect(holding).toEqual([]);
    },
  );
});
