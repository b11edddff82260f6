import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { measureBundle } from '../../bench/bundle-size.js';
import { BROWSER_PAGE } from '../../bench/bundle-split.js';
import { BODIES } from '../../bench/per-call-bodies.js';

// A bundle of one resource on createCore carried the input schemas of every family: a schema
// with `.check(...)` is a method call, which a bundler must keep for all it knows of its side
// effects (page21). Marked pure, only the schemas a bundle uses stay. A message's words survive
// minifying.
const OTHER_FAMILIES = [
  ["a card's number", 'must be 12 to 19 digits'],
  ["a card's CVC", 'must be 3 or 4 digits'],
  ["a card's academy", 'must be an academy id or slug'],
] as const;

describe('a bundle of one resource (createCore + PlansResource)', () => {
  it.each(OTHER_FAMILIES)('holds no check of %s (esbuild, one file)', async (_, text) => {
    const { code } = await measureBundle('createCore + PlansResource, plans.get');
    // Not toContain: its failure would print the whole bundle.
    expect(code.includes(text)).toBe(false);
  });

  // What the bundle keeps still refuses what it did, before anything is sent, each time.
  const folder = mkdtempSync(join(tmpdir(), 'seatpay-one-resource-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('still refuses a bad slug before sending, on its first call and later ones', async () => {
    const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
    const result = await build({
      ...BROWSER_PAGE,
      stdin: {
        contents: `export { createCore, PlansResource } from '${dist}index.js';`,
        resolveDir: dist,
        loader: 'js',
      },
    });
    const file = join(folder, 'bundle.mjs');
    writeFileSync(file, result.outputFiles[0]!.contents);
    const { createCore, PlansResource } = (await import(pathToFileURL(file).href)) as {
      createCore: (options: object) => unknown;
      PlansResource: new (core: unknown) => {
        get: (slug: unknown) => Promise<{ slug: string }>;
      };
    };
    const sent: string[] = [];
    const fetch = (input: Request | string) => {
      sent.push(typeof input === 'string' ? input : input.url);
      const body = BODIES['/v1/payments/plan/team-per-seat']!;
      return Promise.resolve(
        new Response(body, { headers: { 'content-type': 'application/json' } }),
      );
    };
    const plans = new PlansResource(
      createCore({ baseUrl: 'https://api.example.com', token: 't', fetch, maxRetries: 0 }),
    );
    for (const bad of ['', 7]) {
      const refused = await plans.get(bad).then(
        () => undefined,
        (error: unknown) => error as Error & { field?: string },
      );
      expect(refused?.name).toBe('InvalidRequestError');
      expect(sent).toEqual([]);
    }
    expect((await plans.get('team-per-seat')).slug).toBe('team-per-seat');
    expect(sent).toHaveLength(1);
    const later = await plans.get('').then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(later?.name).toBe('InvalidRequestError');
    expect(sent).toHaveLength(1);
  });
});
