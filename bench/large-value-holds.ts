// How long the event loop is held by what still redacted a large value in one go after the
// slices (redactflow, slicesroom): a 2xx answer that is not JSON quoted by its validation error,
// the debug log's line of a large error answer's body, `redactSecrets`, `redactSecretsAsync`
// (hideslices; a side without it runs `redactSecrets`), and the command's writes.
// For each, the longest gap between two runs of a `setImmediate` loop kept going during the
// operation, as CPU of this process (what seatpay does) and as elapsed time (which also counts
// other processes' turns on the cores, and collections).
//
//   npx tsx bench/large-value-holds.ts --root <another checkout> [--rounds 3] [--mb 5]
//
// Both sides (createClient, redactSecrets, the command's KnownSecrets) are bundled with esbuild
// and imported; the sides run in interleaved rounds, their order flipping each round, one warm-up
// round thrown away. The load: `--mb` of text of a service's debug page (digits, hex words, the
// client's 40-character token and a card number quoted now and then), as the answer or the
// written text; the client knows its token, `redactSecrets` and the command the token, the card
// and the CVC `987`.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { bundleForNode, loopHeld as held } from './support.js';

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    mb: { type: 'string', default: '5' },
  },
});
if (!values.root) throw new Error('give --root <a checkout of the baseline>');
const rounds = Number(values.rounds);
const size = Number(values.mb) * 1_000_000;
const here = resolve(new URL('..', import.meta.url).pathname);

interface Side {
  createClient: (options: Record<string, unknown>) => {
    plans: { get(slug: string): Promise<unknown> };
  };
  redactSecrets: <T>(value: T, secrets: readonly string[]) => T;
  /** `seatpay/node` whole: a side before hideslices has no `redactSecretsAsync`. */
  node: { redactSecretsAsync?: (text: string, secrets: readonly string[]) => Promise<string> };
  KnownSecrets: new () => {
    add(...secrets: string[]): void;
    streams(streams: {
      stdout: { write(text: string): unknown };
      stderr: { write(text: string): unknown };
    }): {
      stdout: { write(text: string): unknown };
    };
  };
}

const dir = await mkdtemp(join(tmpdir(), 'seatpay-large-holds-'));
async function load(name: string, root: string): Promise<Side> {
  const entry = join(dir, `${name}-entry.ts`);
  await writeFile(
    entry,
    [
      `export { createClient } from '${join(root, 'src/index.ts')}';`,
      `export { redactSecrets } from '${join(root, 'src/node.ts')}';`,
      `export * as node from '${join(root, 'src/node.ts')}';`,
      `export { KnownSecrets } from '${join(root, 'src/command/known-secrets.ts')}';`,
    ].join('\n'),
  );
  const bundle = await bundleForNode(dir, name, pathToFileURL(entry));
  return (await import(pathToFileURL(bundle).href)) as Side;
}
const sides = {
  before: await load('before', resolve(values.root)),
  after: await load('after', here),
};
await rm(dir, { recursive: true, force: true });

const token = '324c9e4eabd5832b0267441b28790ef9c71e6d06';
const card = '4242424242424242';
/** What `redactSecrets` and the command are given: the token, a card and its CVC. */
const secrets = [token, card, '987'];
/** A service's debug page of about `size` characters, quoting the token now and then. */
function page(): string {
  const parts: string[] = ['<html><body><pre>'];
  let length = 0;
  for (let at = 0; length < size; at++) {
    const line = `${at} deadbeef${(at * 2_654_435_761).toString(16)} id=${100_000 + at} amount=${at % 997}.50${at % 500 === 0 ? ` auth=${token}` : ''}${at % 777 === 0 ? ` card=${card}` : ''}\n`;
    parts.push(line);
    length += line.length;
  }
  return parts.join('');
}
const text = page();

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const operations = {
  /** A 2xx answer that is not JSON: its validation error quotes 500 characters of it. */
  'validation error quote': (side: Side) => {
    const client = side.createClient({
      baseUrl: 'http://service.test',
      token,
      maxRetries: 0,
      fetch: async () => new Response(text, { status: 200 }),
    });
    return client.plans.get('team').catch(() => undefined);
  },
  /** A 400 answer of `size`, nothing logged: its error's body (redactflow's slices). */
  'error body, no log': (side: Side) => {
    const client = side.createClient({
      baseUrl: 'http://service.test',
      token,
      maxRetries: 0,
      fetch: async () => new Response(text, { status: 400 }),
    });
    return client.plans.get('team').catch(() => undefined);
  },
  /** A 400 answer of `size`, the client logging at debug: the error body's log line. */
  'debug log of an error body': (side: Side) => {
    const client = side.createClient({
      baseUrl: 'http://service.test',
      token,
      maxRetries: 0,
      logLevel: 'debug',
      logger: quiet,
      fetch: async () => new Response(text, { status: 400 }),
    });
    return client.plans.get('team').catch(() => undefined);
  },
  /** The public, synchronous `redactSecrets` of the text. */
  redactSecrets: (side: Side) => side.redactSecrets(text, secrets),
  /** `redactSecretsAsync` of the text, in slices; a side without it: `redactSecrets`, in one go. */
  redactSecretsAsync: (side: Side) =>
    side.node.redactSecretsAsync
      ? side.node.redactSecretsAsync(text, secrets)
      : side.redactSecrets(text, secrets),
  /** The command writing the text (a --json listing of `size`) through its known secrets. */
  'command write': async (side: Side) => {
    const known = new side.KnownSecrets();
    known.add(...secrets);
    let written = 0;
    const streams = known.streams({
      stdout: { write: (chunk: string) => (written += chunk.length) },
      stderr: { write: () => undefined },
    });
    await streams.stdout.write(text);
    // An asynchronous write ends when its text is out: `settled` where there is one.
    const settled = (known as { settled?: () => Promise<void> }).settled;
    if (settled) await settled.call(known);
    if (written === 0) throw new Error('nothing written');
  },
};

type Result = Awaited<ReturnType<typeof held>>;
const names = Object.keys(sides) as (keyof typeof sides)[];
const results = new Map<string, Result[]>();
const loadBefore = loadavg()[0]!;
for (let round = 0; round <= rounds; round++) {
  const order = round % 2 ? [...names].reverse() : names;
  for (const [operation, run] of Object.entries(operations))
    for (const name of order) {
      const got = await held(() => run(sides[name]));
      const key = `${operation}|${name}`;
      if (round > 0) results.set(key, [...(results.get(key) ?? []), got]);
    }
}
const range = (list: number[]) => `${Math.min(...list).toFixed(0)}-${Math.max(...list).toFixed(0)}`;
console.log(
  `load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after; ${rounds} rounds; ` +
    `text ${(text.length / 1e6).toFixed(2)} MB`,
);
for (const operation of Object.keys(operations))
  for (const name of names) {
    const list = results.get(`${operation}|${name}`)!;
    console.log(
      `${operation.padEnd(28)} ${name.padEnd(6)} loop held at most ${range(list.map((r) => r.longestCpu))} ms CPU ` +
        `(${range(list.map((r) => r.longest))} ms elapsed); all of it ${range(list.map((r) => r.total))} ms CPU`,
    );
  }
