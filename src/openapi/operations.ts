import * as z from 'zod/mini';
import type { RouteName } from '../core/routes/routes.js';
import { IdInputSchema, NonEmptyStringSchema } from '../schemas/common.js';
import { BagSchema, CheckingParamsSchema, CheckingSchema } from '../schemas/checking.js';
import {
  BillingTeamPatchSchema,
  BillingTeamReplaceSchema,
  BillingTeamSchema,
} from '../schemas/billing-team.js';
import {
  CardParamsSchema,
  CardResultSchema,
  PayParamsSchema,
  PaymentSchema,
  PlanSchema,
} from '../schemas/payments.js';
import {
  CheckoutParamsSchema,
  CheckoutResultSchema,
  ConsumableListSchema,
} from '../schemas/consumables.js';
import { ConsumptionSessionSchema } from '../schemas/consumption.js';
import { InvoiceListSchema } from '../schemas/invoices.js';
import {
  ChunkParamsSchema,
  ChunkRecordSchema,
  FinalizeParamsSchema,
  MediaFileSchema,
  OperationTypeListSchema,
  OperationTypeSchema,
} from '../schemas/media.js';
import {
  SeatInputListSchema,
  SeatListSchema,
  SeatReplacementListSchema,
} from '../schemas/seats.js';
import { SubscriptionListSchema } from '../schemas/subscriptions.js';
import { SeatChangeAnswerSchema } from '../resources/seat-change-answer.js';
import { named, type Operation } from './operation.js';

/** The body of a consumption: the client sends `{}` (the deployed server's route takes nothing). */
const EmptyBodySchema = z.strictObject({});

const subscriptionId = { subscription_id: named('Id', IdInputSchema) };

/** Every route the client calls, by its name in the route table. */
export const OPERATIONS: Readonly<Record<RouteName, Operation>> = {
  getPlan: {
    summary: 'Read a plan',
    call: 'client.plans.get',
    tag: 'Plans and checking',
    params: { plan_slug: named('Slug', NonEmptyStringSchema) },
    success: { status: 200, answer: named('Plan', PlanSchema) },
    errors: [404],
  },
  checking: {
    summary: 'Price plans (a preview) or make a bag to pay',
    call: 'client.checking.preview',
    tag: 'Plans and checking',
    request: { kind: 'json', body: named('CheckingParams', CheckingParamsSchema) },
    // 201 when made; the deployed server answers 200 when it reuses the caller's unpaid preview.
    success: { status: [200, 201], answer: named('Checking', CheckingSchema) },
    errors: [400, 403, 404],
  },
  createBag: {
    summary: 'Price plans (a preview) or make a bag to pay',
    call: 'client.checking.bag',
    tag: 'Plans and checking',
    request: { kind: 'json', body: named('CheckingParams', CheckingParamsSchema) },
    success: { status: [200, 201], answer: named('Bag', BagSchema) },
    errors: [400, 403, 404],
  },
  registerCard: {
    summary: 'Register a card',
    call: 'client.card.register',
    tag: 'Payments',
    request: { kind: 'json', body: named('CardParams', CardParamsSchema) },
    success: { status: 200, answer: named('CardResult', CardResultSchema) },
    errors: [400, 402, 403, 404],
  },
  pay: {
    summary: 'Pay a bag',
    call: 'client.pay.bag',
    tag: 'Payments',
    request: { kind: 'json', body: named('PayParams', PayParamsSchema) },
    success: { status: 201, answer: named('Payment', PaymentSchema) },
    errors: [400, 402, 403, 404],
  },
  listSubscriptions: {
    summary: "List the caller's subscriptions",
    call: 'client.subscriptions.list',
    tag: 'Subscriptions',
    success: { status: 200, answer: named('SubscriptionList', SubscriptionListSchema) },
    errors: [],
  },
  listConsumables: {
    summary: "List the caller's consumables",
    call: 'client.consumables.list',
    tag: 'Consumables',
    success: { status: 200, answer: named('ConsumableList', ConsumableListSchema) },
    errors: [],
  },
  listInvoices: {
    summary: "List the caller's invoices",
    call: 'client.journal.reconcile',
    tag: 'Payments',
    success: { status: 200, answer: named('InvoiceList', InvoiceListSchema) },
    errors: [],
  },
  getBillingTeam: {
    summary: "Read a subscription's billing team",
    call: 'client.billingTeam.get',
    tag: 'Billing team',
    params: subscriptionId,
    success: { status: 200, answer: named('BillingTeam', BillingTeamSchema) },
    errors: [403, 404],
  },
  updateBillingTeam: {
    summary: "Change some of a billing team's settings",
    call: 'client.billingTeam.update',
    tag: 'Billing team',
    params: subscriptionId,
    request: { kind: 'json', body: named('BillingTeamPatch', BillingTeamPatchSchema) },
    success: { status: 200, answer: named('BillingTeam', BillingTeamSchema) },
    errors: [400, 403, 404],
  },
  replaceBillingTeam: {
    summary: "Replace a billing team's settings",
    call: 'client.billingTeam.replace',
    tag: 'Billing team',
    params: subscriptionId,
    request: { kind: 'json', body: named('BillingTeamReplace', BillingTeamReplaceSchema) },
    success: { status: 200, answer: named('BillingTeam', BillingTeamSchema) },
    errors: [400, 403, 404],
  },
  listSeats: {
    summary: "List a billing team's seats",
    call: 'client.seats.list',
    tag: 'Seats',
    params: subscriptionId,
    success: { status: 200, answer: named('SeatList', SeatListSchema) },
    errors: [403, 404],
  },
  putSeats: {
    summary: 'Add or replace seats',
    call: 'client.seats.add, client.seats.replace',
    tag: 'Seats',
    params: subscriptionId,
    request: {
      kind: 'one-of',
      bodies: {
        add_seats: named('SeatInputList', SeatInputListSchema),
        replace_seats: named('SeatReplacementList', SeatReplacementListSchema),
      },
    },
    success: {
      // SERVICE.md's server applies a change whole (200, the seats); the deployed one applies
      // the items it can and answers 207 `{ data, errors }` (a partial seat change).
      spec: { status: 200, answer: named('SeatChange', SeatChangeAnswerSchema) },
      deployed: { status: 207, answer: named('SeatChange', SeatChangeAnswerSchema) },
    },
    errors: [400, 403, 404],
  },
  deleteSeat: {
    summary: 'Remove a seat',
    call: 'client.seats.remove',
    tag: 'Seats',
    params: { ...subscriptionId, seat_id: named('Id', IdInputSchema) },
    success: { status: 204 },
    errors: [403, 404],
  },
  consumableCheckout: {
    summary: 'Buy consumable units or seats',
    call: 'client.consumables.checkout',
    tag: 'Consumables',
    request: { kind: 'json', body: named('CheckoutParams', CheckoutParamsSchema) },
    success: { status: 201, answer: named('CheckoutResult', CheckoutResultSchema) },
    errors: [400, 402, 403, 404],
  },
  consume: {
    summary: 'Use one unit of a service',
    call: 'client.consumables.consume',
    tag: 'Consumables',
    params: { service_slug: named('Slug', NonEmptyStringSchema) },
    request: { kind: 'json', body: named('EmptyBody', EmptyBodySchema) },
    success: { status: 201, answer: named('ConsumptionSession', ConsumptionSessionSchema) },
    errors: [402, 403, 404],
  },
  listOperationTypes: {
    summary: 'List the upload operation types',
    call: 'client.media.operationTypes',
    tag: 'Media',
    success: { status: 200, answer: named('OperationTypeList', OperationTypeListSchema) },
    errors: [],
  },
  getOperationType: {
    summary: 'Read an upload operation type',
    call: 'client.media.operationType',
    tag: 'Media',
    params: { operation_type: named('Slug', NonEmptyStringSchema) },
    success: { status: 200, answer: named('OperationType', OperationTypeSchema) },
    errors: [404],
  },
  uploadChunk: {
    summary: 'Upload one chunk of a file',
    call: 'client.media.uploadChunk',
    tag: 'Media',
    request: { kind: 'multipart', body: named('Chunk', ChunkParamsSchema) },
    notInBody: ['academy', 'filename', 'mime'],
    success: { status: 201, answer: named('ChunkRecord', ChunkRecordSchema) },
    errors: [400, 403],
  },
  finalizeUpload: {
    summary: "Join a file's chunks",
    call: 'client.media.finalize',
    tag: 'Media',
    request: { kind: 'json', body: named('FinalizeParams', FinalizeParamsSchema) },
    notInBody: ['academy'],
    success: { status: 201, answer: named('MediaFile', MediaFileSchema) },
    errors: [400, 403],
  },
  uploadAcademyChunk: {
    summary: "Upload one chunk of an academy's file",
    call: 'client.media.uploadChunk (with an academy)',
    tag: 'Media',
    request: { kind: 'multipart', body: named('Chunk', ChunkParamsSchema) },
    notInBody: ['academy', 'filename', 'mime'],
    academyHeader: true,
    success: { status: 201, answer: named('ChunkRecord', ChunkRecordSchema) },
    errors: [400, 403],
  },
  finalizeAcademyUpload: {
    summary: "Join an academy's file's chunks",
    call: 'client.media.finalize (with an academy)',
    tag: 'Media',
    request: { kind: 'json', body: named('FinalizeParams', FinalizeParamsSchema) },
    notInBody: ['academy'],
    academyHeader: true,
    success: { status: 201, answer: named('MediaFile', MediaFileSchema) },
    errors: [400, 403],
  },
};
