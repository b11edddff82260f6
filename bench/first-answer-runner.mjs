/* global process, URL, Response */
// Runs a built page (bench/first-answer.ts) in plain Node as a browser would run it, and prints
// which of its files had been downloaded when its first API request left and when its answer
// came: every module Node loads from the page's folder, and every module a bundler's helper asked
// the browser to preload (vite's <link rel="modulepreload">, a download all the same). The page
// calls the API through `fetch`, stubbed here to answer from memory.
//
//   node bench/first-answer-runner.mjs <folder> <entry file> <answer body JSON>
import { registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';

const [folder, entry, body] = process.argv.slice(2);
const root = pathToFileURL(`${folder}/`).href;
/** The page's files in the order they were downloaded (loaded or preloaded). */
const downloaded = [];
const note = (url) => {
  if (url.startsWith(root) && !downloaded.includes(url)) downloaded.push(url);
};
registerHooks({
  load(url, context, next) {
    note(url);
    return next(url, context);
  },
});

// What vite's preload helper touches of a document: a link appended to <head> is a download.
const link = () => ({ relList: { supports: (rel) => rel === 'modulepreload' }, setAttribute() {} });
globalThis.document = {
  querySelector: () => null,
  getElementsByTagName: () => [],
  createElement: link,
  head: { appendChild: (element) => note(new URL(element.href, root).href) },
};
globalThis.window = { dispatchEvent: () => true };

let atRequest;
let answered;
const done = new Promise((resolve) => (answered = resolve));
globalThis.fetch = async (input) => {
  atRequest ??= [...downloaded];
  const url = typeof input === 'string' ? input : input.url;
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'application/json', 'x-url': url },
  });
};
globalThis.__pageAnswered = (value) => answered(value);
await import(new URL(entry, root).href);
const value = await done;
const relative = (list) => list.map((url) => url.slice(root.length));
process.stdout.write(
  JSON.stringify({
    answer: value,
    atRequest: relative(atRequest ?? []),
    atAnswer: relative(downloaded),
  }),
);
