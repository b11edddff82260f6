import { describe, expect, it } from 'vitest';
import { splitPage, upFrontOf } from '../../bench/bundle-split.js';
import { oneCallPage } from '../../bench/first-answer.js';
import * as seatpay from '../../src/index.js';

// Each error class's name is written once, as its `seatpayErrorClass`, which names its instances
// too (page19): every class wrote it twice, as a `name` field and as the static, and the page
// carried both (a `name=` field per class survives minifying).
async function upFrontText(splitter: 'vite' | 'esbuild --splitting') {
  const { entry, chunks } = await splitPage(oneCallPage(), splitter);
  const upFront = upFrontOf(entry, chunks);
  return chunks
    .filter((chunk) => upFront.has(chunk.name))
    .map((chunk) => new TextDecoder().decode(chunk.code))
    .join('\n');
}

const errorNames = Object.keys(seatpay).filter(
  (name) => /Error$/.test(name) && typeof (seatpay as Record<string, unknown>)[name] === 'function',
);

describe("a page's first answer", () => {
  it.each(['vite', 'esbuild --splitting'] as const)(
    'names no error class in a name field (%s)',
    async (splitter) => {
      const text = await upFrontText(splitter);
      // A class body, minified: `{name=`NotFoundError`;static seatpayErrorClass=`NotFoundError`;`.
      const twice = /\bname=[`"'](\w+)[`"'];static seatpayErrorClass=/g;
      const fields = [...text.matchAll(twice)].map((match) => match[1]);
      expect(fields.filter((name) => errorNames.includes(name!))).toEqual([]);
      // The names are still there, once each: the statics.
      expect(text).toMatch(/seatpayErrorClass=[`"']NotFoundError[`"']/);
    },
  );

  // The error classes' fields are set by their constructors: declared again as fields, each name
  // came to the page once more (`;status;method;url;constructor`). src/core/errors' classes.
  it.each(['vite', 'esbuild --splitting'] as const)(
    'declares no field of a core error class its constructor sets (%s)',
    async (splitter) => {
      const text = await upFrontText(splitter);
      const declared =
        /seatpayErrorClass=[`"'](\w+)[`"'];(?:[\w$]+=[^;]+;)?((?:[\w$]+;)+)constructor/g;
      const core = [
        'APIError',
        'AbortError',
        'ConnectionError',
        'RedirectError',
        'ResponseTooLargeError',
        'SeatsRefusedError',
        'InvalidRequestError',
        'MaxChunksExceededError',
        'ResponseValidationError',
      ];
      const found = [...text.matchAll(declared)]
        .filter((match) => core.includes(match[1]!))
        .map((match) => `${match[1]}: ${match[2]}`);
      expect(found).toEqual([]);
    },
  );
});
