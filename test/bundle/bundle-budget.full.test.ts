import { describe, expect, it } from 'vitest';
import { measureBundle } from '../../bench/bundle-size.js';

// The browser bundle budget, in CI. The sizes are of dist/ as `npm test` builds it.

/**
 * The whole main entry with ky, zod and p-retry, minified and gzipped, and a page that builds one
 * resource on createCore. Issue #10's goals are 28 KB and 22 KB; these guards sit at the measured
 * sizes plus about 2 % so that any growth is a decision, not an accident (BENCHMARKS.md, "Bundle
 * size", says why the goals are missed and by how much). Issue 20 added 565 B to the whole entry
 * (43,915 to 44,480: every error class names itself for `instanceof` across the ESM and CommonJS
 * builds, and RedirectError) and 514 B to one resource (32,906 to 33,420).
 */
const WHOLE_MAIN_ENTRY_BUDGET = 44_600;
const ONE_RESOURCE_BUDGET = 33_500;

describe('browser bundle of the main entry', () => {
  it(`stays within ${WHOLE_MAIN_ENTRY_BUDGET} bytes gzipped, dependencies included`, async () => {
    const { gzipped, inputs } = await measureBundle('whole main entry');
    expect(gzipped).toBeLessThanOrEqual(WHOLE_MAIN_ENTRY_BUDGET);
    // The dependencies are in it: the budget is of what a page really loads.
    expect(inputs.some((file) => file.includes('node_modules/zod/'))).toBe(true);
    expect(inputs.some((file) => file.includes('node_modules/p-retry/'))).toBe(true);
    expect(inputs.some((file) => file.includes('node_modules/ky/'))).toBe(true);
  });

  it(`builds one resource on createCore within ${ONE_RESOURCE_BUDGET} bytes gzipped`, async () => {
    const { gzipped } = await measureBundle('createCore + PlansResource, plans.get');
    expect(gzipped).toBeLessThanOrEqual(ONE_RESOURCE_BUDGET);
  });

  it('pulls in neither the mock nor the node entry, nor msw, nor form-data', async () => {
    // The build itself is for the browser platform: a Node built-in would fail it. form-data
    // (and what it pulls in) is the Node sender's encoder only: `seatpay/node`.
    const { inputs } = await measureBundle('whole main entry');
    const foreign = inputs.filter((file) =>
      /dist\/(mock|mock-msw|node)\.js|\/msw\/|node:|\/(form-data|combined-stream|mime-types)\//.test(
        file,
      ),
    );
    expect(foreign).toEqual([]);
  });

  it('leaves out what a page does not use (tree-shaking works)', async () => {
    const whole = await measureBundle('whole main entry');
    const plansOnly = await measureBundle('createCore + PlansResource, plans.get');
    // Upload, purchase and the other resources and schemas are gone: well over 15 % smaller.
    expect(plansOnly.gzipped).toBeLessThan(whole.gzipped * 0.85);
    expect(plansOnly.minified).toBeLessThan(whole.minified * 0.85);
  });
});
