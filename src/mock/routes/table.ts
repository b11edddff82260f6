import { routes } from '../../core/routes.js';
import type { RouteDefinition } from '../core/router.js';
import { getBillingTeam, patchBillingTeam, putBillingTeam } from './billing-team.js';
import { pay, registerCard } from './card-and-pay.js';
import { consumeRoute } from './consume.js';
import { consumableCheckout, listConsumables } from './consumables.js';
import { uploadChunk } from './media-chunks.js';
import { finalizeUpload } from './media-finalize.js';
import { getOperationType, listOperationTypes } from './media-settings.js';
import { mockState } from './mock-state.js';
import { checking, getPlan } from './plans-and-checking.js';
import { deleteSeat, listSeats, putSeats } from './seats.js';
import { listSubscriptions } from './subscriptions.js';

/**
 * Every route the simulator answers. Methods and paths come from the SDK's one route table, so
 * the client and the simulator can never disagree on the wire contract; the consume and state
 * routes are the simulator's own.
 */
export const ROUTES: readonly RouteDefinition[] = [
  { ...routes.getPlan, handler: getPlan },
  { ...routes.checking, handler: checking },
  { ...routes.registerCard, handler: registerCard },
  { ...routes.pay, handler: pay },
  { ...routes.listSubscriptions, handler: listSubscriptions },
  { ...routes.listConsumables, handler: listConsumables },

  { ...routes.getBillingTeam, handler: getBillingTeam },
  { ...routes.updateBillingTeam, handler: patchBillingTeam },
  { ...routes.replaceBillingTeam, handler: putBillingTeam },
  { ...routes.listSeats, handler: listSeats },
  { ...routes.putSeats, handler: putSeats },
  { ...routes.deleteSeat, handler: deleteSeat },
  { ...routes.consumableCheckout, handler: consumableCheckout },

  { ...routes.listOperationTypes, handler: listOperationTypes },
  { ...routes.getOperationType, handler: getOperationType },
  { ...routes.uploadChunk, handler: uploadChunk('me') },
  { ...routes.finalizeUpload, handler: finalizeUpload('me') },
  { ...routes.uploadAcademyChunk, handler: uploadChunk('academy') },
  { ...routes.finalizeAcademyUpload, handler: finalizeUpload('academy') },

  { method: 'POST', path: '/__mock/consume', handler: consumeRoute },
  { method: 'GET', path: '/__mock/state', handler: mockState },
];
