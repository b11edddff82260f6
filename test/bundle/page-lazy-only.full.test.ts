import { describe, expect, it } from 'vitest';
import { splitPage, upFrontOf } from '../../bench/bundle-split.js';
import { oneCallPage } from '../../bench/first-answer.js';

// What a page downloads before its first answer holds nothing only the parts loaded on first use
// need (size13). esbuild --splitting puts on the page every part, used by any entry, of a file
// that a file of the page names: dist/index.js names a dist/ chunk for each name the main entry
// exports, so code only the parts use that shares such a chunk came to the page, as a file of its
// own (BENCHMARKS.md, "Thirteenth pass: the page's bytes").
async function upFrontFiles(splitter: 'vite' | 'esbuild --splitting') {
  const { entry, chunks } = await splitPage(oneCallPage(), splitter);
  const upFront = upFrontOf(entry, chunks);
  return chunks
    .filter((chunk) => upFront.has(chunk.name))
    .map((chunk) => ({ name: chunk.name, text: new TextDecoder().decode(chunk.code) }));
}

describe("a page's first answer", () => {
  // The check of a stored upload record shared its module with `localStorageUploadStore`
  // (exported): 450 B gzipped. Its field names survive minifying.
  it.each(['vite', 'esbuild --splitting'] as const)(
    'holds no check of a stored upload record (%s)',
    async (splitter) => {
      const files = await upFrontFiles(splitter);
      expect(files.filter((file) => file.text.includes('finalizeSent')).map((f) => f.name)).toEqual(
        [],
      );
    },
  );

  // The parts reached the modules they share as `export * as lazySide`, a namespace built by
  // esbuild's `__export` helper, which dist/'s build put in a chunk every entry imports. Minified,
  // the helper defines getters in a loop: `(t,e)=>{for(var r in e)o(t,r,{get:e[r],enumerable:!0})}`.
  it.each(['vite', 'esbuild --splitting'] as const)(
    'holds no helper that builds a module namespace (%s)',
    async (splitter) => {
      const getterLoop = /\{get:\w+\[\w+\],enumerable:!0\}/;
      const files = await upFrontFiles(splitter);
      expect(files.filter((file) => getterLoop.test(file.text)).map((f) => f.name)).toEqual([]);
    },
  );

  // An upload's slice of a Blob that keeps its range reader shared byte-ranges.ts with
  // `rangeReaderOf`, which media.ts reads a chunk with (size14). Minified, its constructor makes a
  // Blob of the slice with its type: `super([e],{type:e.type})`.
  it.each(['vite', 'esbuild --splitting'] as const)(
    "holds no upload's range slice (%s)",
    async (splitter) => {
      const rangeSlice = /super\(\[\w+\],\{type:\w+\.type\}\)/;
      const files = await upFrontFiles(splitter);
      expect(files.filter((file) => rangeSlice.test(file.text)).map((f) => f.name)).toEqual([]);
    },
  );

  // zod's code goes where its module goes: on the page, with whatever any chunk uses of it. The
  // upload record's check alone used z.literal and z.maxLength (size15); zod names its classes in
  // strings, which survive minifying.
  it.each(['vite', 'esbuild --splitting'] as const)(
    'holds no zod schema or check only a part uses (%s)',
    async (splitter) => {
      const files = await upFrontFiles(splitter);
      const only = /\$ZodLiteral|\$ZodCheckMaxLength/;
      expect(files.filter((file) => only.test(file.text)).map((f) => f.name)).toEqual([]);
    },
  );

  // A 401's hint (src/auth-hint.ts: what seatpay sent, the likely cause) is loaded when a 401
  // comes (page22): a page whose calls succeed never needs its words, which survive minifying.
  it.each(['vite', 'esbuild --splitting'] as const)(
    "holds no 401's hint (%s)",
    async (splitter) => {
      const files = await upFrontFiles(splitter);
      const hint = /but the server saw none: it takes another scheme|the server refused the token/;
      expect(files.filter((file) => hint.test(file.text)).map((f) => f.name)).toEqual([]);
    },
  );
});

// Refusals only a lazy part makes, each made on the page before (size16); a message's words
// survive minifying. `client.purchase`'s second argument (`{ timeout: 0 }`, read by nothing): in
// the purchase's chunk, loaded to refuse it. `subscriptions.waitFor`'s refusal of a client whose
// totalTimeout is 0 was made in helper-errors.ts, beside error classes the main entry exports,
// which esbuild --splitting put on the page with it: in the poller's chunk. The money calls'
// refusals of a key, journal or identity no call reads, of a request option or an idempotency key
// in an order (checkout, pay.bag, consume, purchase): in the keyed checkout's chunk (size17).
const LAZY_REFUSALS = [
  ["purchase's second argument", "in purchase's second argument is read by nothing"],
  ["waitFor's refusal of a totalTimeout of 0", 'leaves waitFor no time for a poll'],
  [
    "refusal of a key in a money call's options",
    'in its request options the order is paid without',
  ],
  ['refusal of a request option in an order', 'is a request option, no field of the order'],
  ['refusal of a key given to consume', 'each call uses a unit, leave it out'],
  ['refusal of an idempotency key in a checkout', "give the order's own reference as"],
  ['refusal of a key given to pay.bag', 'pay once per key with client.purchase'],
  ['refusal of a journal given with no key', "give the order's key, or leave it out"],
] as const;

describe("a page's first answer, the lazy parts' refusals", () => {
  it.each(
    LAZY_REFUSALS.flatMap(([what, words]) =>
      (['vite', 'esbuild --splitting'] as const).map(
        (splitter) => [what, splitter, words] as const,
      ),
    ),
  )('holds no %s (%s)', async (_what, splitter, words) => {
    const files = await upFrontFiles(splitter);
    expect(files.filter((file) => file.text.includes(words)).map((f) => f.name)).toEqual([]);
  });
});
