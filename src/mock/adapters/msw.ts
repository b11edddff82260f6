import { http, HttpResponse, type RequestHandler } from 'msw';
import { isConnectionReset } from '../core/respond.js';
import { serverProfile } from '../core/server-profile.js';
import { routeDefinitions } from '../routes/table.js';
import type { Simulator } from '../simulator.js';

/*
 * msw handlers that hand every request under `baseUrl` to the simulator. Nothing here touches a
 * Node built-in, so the same handlers serve `setupServer` (Node) and `setupWorker` (browsers).
 */

/**
 * One handler per route of the service, then a catch-all under `baseUrl` so a wrong path or method
 * gets the simulator's JSON 404/405 instead of reaching the network.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createSimulator } from 'seatpay/mock';
 * import { mockHandlers } from 'seatpay/mock/msw';
 *
 * const sim = createSimulator({ subscriptionDelayMs: 20 });
 * const server = setupServer(...mockHandlers(sim, 'https://api.example.com'));
 * server.listen();
 * ```
 * @category Simulator
 */
export function mockHandlers(simulator: Simulator, baseUrl: string): RequestHandler[] {
  const base = baseUrl.replace(/\/+$/, '');
  const basePath = new URL(base).pathname.replace(/\/+$/, '');
  const resolve = async ({ request }: { request: Request }) => {
    const response = await simulator.handle(request, { basePath });
    return isConnectionReset(response) ? HttpResponse.error() : response;
  };
  const routes = routeDefinitions(serverProfile(simulator.profile)).map((route) => {
    const method = route.method.toLowerCase() as Lowercase<typeof route.method>;
    return http[method](`${base}${route.path.replace(/\{(\w+)\}/g, ':$1')}`, resolve);
  });
  return [...routes, http.all(`${base}/*`, resolve)];
}
