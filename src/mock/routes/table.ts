import type { RouteName } from '../../core/routes/routes.js';
import type { RouteDefinition, RouteHandler } from '../core/router.js';
import type { ServerProfile } from '../core/server-profile.js';
import { getBillingTeam, patchBillingTeam, putBillingTeam } from './billing-team.js';
import { pay, registerCard } from './card-and-pay.js';
import { consumeRoute, consumptionSession } from './consume.js';
import { consumableCheckout, listConsumables } from './consumables.js';
import { uploadChunk } from './media-chunks.js';
import { finalizeUpload } from './media-finalize.js';
import { getOperationType, listOperationTypes } from './media-settings.js';
import { checking, getPlan } from './plans-and-checking.js';
import { deleteSeat, getSeat, listSeats, putSeats } from './seats.js';
import { mockState } from './mock-state.js';
import { listSubscriptions } from './subscriptions.js';
import { listInvoices } from './invoices.js';
import { openApiDocumentRoute } from './openapi-document.js';

/** The handler of each route of the SDK's route table, by the route's name. */
const HANDLERS: Record<RouteName, RouteHandler> = {
  getPlan,
  checking,
  createBag: checking,
  registerCard,
  pay,
  listSubscriptions,
  listConsumables,
  listInvoices,
  getBillingTeam,
  updateBillingTeam: patchBillingTeam,
  replaceBillingTeam: putBillingTeam,
  listSeats,
  putSeats,
  deleteSeat,
  consumableCheckout,
  consume: consumptionSession,
  listOperationTypes,
  getOperationType,
  uploadChunk: uploadChunk('me'),
  finalizeUpload: finalizeUpload('me'),
  uploadAcademyChunk: uploadChunk('academy'),
  finalizeAcademyUpload: finalizeUpload('academy'),
};

/**
 * Every route the simulator answers under a profile. Methods and paths come from the SDK's route
 * table of that profile, so the client and the simulator can never disagree on the wire contract;
 * a route the server lacks is left out (its path then answers 405), two names on one endpoint
 * (`checking`, `createBag`) make one route, and the consume, state and `/openapi.json` routes
 * are the simulator's own.
 */
export function routeDefinitions(profile: ServerProfile): RouteDefinition[] {
  const definitions = new Map<string, RouteDefinition>();
  for (const [name, { method, path, unavailable }] of Object.entries(profile.routes)) {
    const key = `${method} ${path}`;
    if (unavailable === undefined && !definitions.has(key))
      definitions.set(key, { method, path, handler: HANDLERS[name as RouteName] });
  }
  const seatPath = profile.routes.deleteSeat.path;
  return [
    ...definitions.values(),
    ...(profile.readsSeatById
      ? [{ method: 'GET' as const, path: seatPath, handler: getSeat }]
      : []),
    { method: 'POST', path: '/__mock/consume', handler: consumeRoute },
    { method: 'GET', path: '/__mock/state', handler: mockState },
    { method: 'GET', path: '/openapi.json', handler: openApiDocumentRoute, open: true },
  ];
}
