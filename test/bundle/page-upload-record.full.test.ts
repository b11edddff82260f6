import { describe, expect, it } from 'vitest';
import { splitPage, upFrontOf } from '../../bench/bundle-split.js';
import { oneCallPage } from '../../bench/first-answer.js';

// What a page downloads before its first answer holds no check of a stored upload record (size13):
// the check lived in the module of `localStorageUploadStore`, which the main entry exports, and
// esbuild --splitting puts every part a lazy part uses of a module the page's entry names on the
// page: the check came as a file of its own (450 B gzipped; BENCHMARKS.md, "Thirteenth pass: the
// page's bytes"). The record's field names survive minifying: none may be on the page.
describe("a page's first answer", () => {
  it.each(['vite', 'esbuild --splitting'] as const)(
    'holds no check of a stored upload record (%s)',
    async (splitter) => {
      const { entry, chunks } = await splitPage(oneCallPage(), splitter);
      const upFront = upFrontOf(entry, chunks);
      const holding = chunks
        .filter((chunk) => upFront.has(chunk.name))
        .filter((chunk) => new TextDecoder().decode(chunk.code).includes('finalizeSent'))
        .map((chunk) => chunk.name);
      expect(holding).toEqual([]);
    },
  );
});
