// What issue 19 moved: the environment read only for options not given (a denied read is no
// value), and the deployed route table as the spec table plus its overrides, not a second copy.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createClient,
  deployedRoutes,
  InvalidRequestError,
  routes,
  type RouteName,
} from '../../src/index.js';
import { answer, BASE_URL, TOKEN, useMockService } from '../support/msw.js';
import { thrownBy } from '../support/thrown.js';

const { server, seen } = useMockService();

afterEach(() => vi.unstubAllGlobals());

/** A `process.env` that throws on every read, as Deno's does without `--allow-env`. */
function denyEnvironment(): string[] {
  const asked: string[] = [];
  const env = new Proxy(
    {},
    {
      get(_, name) {
        asked.push(String(name));
        throw new Error(`NotCapable: Requires env access to "${String(name)}"`);
      },
    },
  );
  vi.stubGlobal('process', { ...process, env });
  return asked;
}

describe('the environment, where reading it is denied', () => {
  it('is not read for options that are given: the client is made and calls', async () => {
    const asked = denyEnvironment();
    const client = createClient({ baseUrl: BASE_URL, token: TOKEN, logLevel: 'off' });
    vi.unstubAllGlobals();
    server.use(answer('GET /v1/payments/plan/:slug', { slug: 'team-per-seat' }));
    await expect(client.plans.get('team-per-seat')).resolves.toMatchObject({
      slug: 'team-per-seat',
    });
    expect(asked).toEqual([]);
    expect(seen).toHaveLength(1);
  });

  it('counts a denied read as unset: a missing option is the usual typed error', () => {
    const asked = denyEnvironment();
    const thrown = thrownBy(() => createClient({ token: TOKEN }));
    vi.unstubAllGlobals();
    expect(asked).toContain('SEATPAY_BASE_URL');
    expect(thrown).toBeInstanceOf(InvalidRequestError);
    expect((thrown as Error).message).toMatch(/^Missing baseUrl: pass `baseUrl` to createClient/);
  });
});

describe('the deployed route table', () => {
  it('is the spec table with its overrides: every route not overridden is the spec entry itself', () => {
    const names = Object.keys(routes) as RouteName[];
    const overridden = names.filter((name) => deployedRoutes[name] !== routes[name]);
    expect(Object.keys(deployedRoutes).sort()).toEqual([...names].sort());
    expect(overridden.sort()).toEqual(
      [
        'checking',
        'createBag',
        'registerCard',
        'listConsumables',
        'updateBillingTeam',
        // What that server accepts differs, not its wire: a partial PUT without settings, seats
        // without a multiplier, checkout without a subscription.
        'replaceBillingTeam',
        'putSeats',
        'consumableCheckout',
        'uploadChunk',
        'finalizeUpload',
        'uploadAcademyChunk',
        'finalizeAcademyUpload',
      ].sort(),
    );
    for (const name of overridden) expect(deployedRoutes[name]).not.toEqual(routes[name]);
  });
});
