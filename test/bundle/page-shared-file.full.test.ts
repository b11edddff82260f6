import { describe, expect, it } from 'vitest';
import { splitPage } from '../../bench/bundle-split.js';
import { oneCallPage } from '../../bench/first-answer.js';

// A page before its first answer is two files: its own, and the one it shares with the parts
// loaded on first use (src/page-side.ts). The request path (createCore, with ky and p-retry) was
// in the page's own file, which then named about 120 functions of the shared file, about 1 KB
// gzipped of names on the vite page (page21). A page loads the request path anyway: it is in the
// shared file now, and the page's own file holds only what no part reaches.
describe("a page's own file before its first answer", () => {
  it.each(['vite', 'esbuild --splitting'] as const)(
    'holds neither ky nor p-retry (%s)',
    async (splitter) => {
      const { entry, chunks } = await splitPage(oneCallPage(), splitter);
      const own = chunks.find((chunk) => chunk.name === entry)!;
      const requestPath = own.inputs.filter((input) => /node_modules\/(ky|p-retry)\//.test(input));
      expect(requestPath).toEqual([]);
    },
  );
});
