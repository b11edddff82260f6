import { describe, expect, it } from 'vitest';
import { splitPage, upFrontOf } from '../../bench/bundle-split.js';
import { oneCallPage } from '../../bench/first-answer.js';

// What a page downloads before its first answer holds no module namespace of schemas (size12):
// a resource that took its family's checks as `import * as checks` made every bundler build a
// namespace object per family, `{ PlanSchema: () => PlanSchema, ... }`, whose keys are the
// schemas' names and whose top-level call kept all nine families' namespaces in any bundle (509 B
// of vite's page, 1,466 B of a page with one resource on createCore; BENCHMARKS.md, "Twelfth
// pass: the page's bytes"). A getter keyed by a schema's name survives minifying: none may be
// on the page.
describe("a page's first answer", () => {
  it.each(['vite', 'esbuild --splitting'] as const)(
    'holds no namespace object of schemas (%s)',
    async (splitter) => {
      const { entry, chunks } = await splitPage(oneCallPage(), splitter);
      const upFront = upFrontOf(entry, chunks);
      const getters = chunks
        .filter((chunk) => upFront.has(chunk.name))
        .flatMap((chunk) => new TextDecoder().decode(chunk.code).match(/\w+Schema:\(\)=>/g) ?? []);
      expect(getters).toEqual([]);
    },
  );
});
