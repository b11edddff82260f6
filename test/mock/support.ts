import { expect } from 'vitest';
import * as z from 'zod/mini';
import { profiles } from '../../src/index.js';
import { startMockServer, type MockServer, type MockServerOptions } from '../../src/mock/index.js';

/** Shared helpers for the simulator's tests: they talk to a real loopback server with plain fetch. */

const servers: MockServer[] = [];

/** Answers are read loosely here; each test asserts the shape it relies on (and schemas check the rest). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export async function startServer(options: MockServerOptions = {}): Promise<MockServer> {
  const server = await startMockServer({
    port: 0,
    subscriptionDelayMs: 20,
    mediaProcessingDelayMs: 20,
    // The deployed server builds the team a moment after the subscription: short, but not none.
    ...(options.profile === 'deployed' ? { billingTeamDelayMs: 20 } : {}),
    ...options,
  });
  servers.push(server);
  return server;
}

/** Call from afterEach: closes every server a test started. */
export async function closeServers(): Promise<void> {
  await Promise.all(servers.splice(0).map((server) => server.close()));
}

export interface Answer {
  /** The URL the request went to. */
  url: string;
  status: number;
  headers: Headers;
  body: Json;
}

export async function call(
  server: MockServer,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `${schemeOf(server)} ${token}` }),
      ...(body === undefined || body instanceof FormData
        ? {}
        : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await response.text();
  const isJson = /json/.test(response.headers.get('content-type') ?? '');
  return {
    url: response.url,
    status: response.status,
    headers: response.headers,
    body: text === '' ? null : isJson ? JSON.parse(text) : text,
  };
}

/** The auth scheme of the server's profile: `Bearer` (SERVICE.md) or `Token` (deployed). */
const schemeOf = (server: MockServer) => profiles[server.simulator.profile].authScheme;

/** The route table of the server's profile, to call a route by its name. */
export const routesOf = (server: MockServer) => profiles[server.simulator.profile].routes;

/** The fields the deployed server requires beyond SERVICE.md (live-api.md), for its flows. */
export const DEPLOYED_EXTRAS = {
  card: { academy: 1, exp_month: '12', exp_year: '2035' },
  pay: { payment_method_id: 1 },
  checkout: { academy: 1 },
  seat: { cohort_id: 55 },
};

/** The extras of `kind` when the server is the deployed one, else nothing. */
export const extrasOf = (server: MockServer, kind: keyof typeof DEPLOYED_EXTRAS) =>
  server.simulator.profile === 'deployed' ? DEPLOYED_EXTRAS[kind] : {};

/** Asserts that a body parses with the SDK's schema for it. */
export function expectSchema(schema: z.ZodMiniType, body: unknown): void {
  const result = z.safeParse(schema, body);
  expect(result.success ? [] : result.error.issues).toEqual([]);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Lists subscriptions until one not in `known` appears (the simulator creates it after a delay). */
export async function waitForNewSubscription(
  server: MockServer,
  token: string,
  known: readonly number[] = [],
): Promise<Json> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const { body } = await call(server, token, 'GET', '/v1/payments/me/subscription');
    const fresh = body.subscriptions.find(
      (subscription: { id: number }) => !known.includes(subscription.id),
    );
    if (fresh) return fresh;
    await sleep(10);
  }
  throw new Error('no new subscription appeared');
}

export interface Purchase {
  subscription: number;
  token: string;
}

/** The whole payment flow for the owner: bag, card, pay, then wait for the subscription. */
export async function buy(
  server: MockServer,
  plan: string,
  teamSeats?: number,
  token = server.simulator.users.owner.token,
): Promise<Purchase> {
  const before = await call(server, token, 'GET', '/v1/payments/me/subscription');
  const known = before.body.subscriptions.map((subscription: { id: number }) => subscription.id);
  const planId = server.simulator.catalog[plan as keyof typeof server.simulator.catalog].id;
  const { createBag, registerCard, pay } = routesOf(server);
  const bag = await call(server, token, createBag.method, createBag.path, {
    ...createBag.fixedFields,
    plans: [planId],
    ...(teamSeats === undefined ? {} : { team_seats: teamSeats }),
  });
  expect(bag.status).toBe(201);
  await call(server, token, registerCard.method, registerCard.path, {
    card_number: '4242424242424242',
    cvc: '123',
    ...extrasOf(server, 'card'),
  });
  const paid = await call(server, token, pay.method, pay.path, {
    token: bag.body.token,
    chosen_period: 'MONTH',
    ...extrasOf(server, 'pay'),
  });
  expect(paid.status).toBe(201);
  const subscription = await waitForNewSubscription(server, token, known);
  if (teamSeats !== undefined) await waitForTeam(server, token, subscription.id);
  return { subscription: subscription.id, token };
}

/**
 * Lists subscriptions until `subscription` has its billing team: the deployed server (and the
 * simulator playing it) builds the team a moment after the subscription is listed.
 */
export async function waitForTeam(server: MockServer, token: string, subscription: number) {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    const { body } = await call(server, token, 'GET', '/v1/payments/me/subscription');
    const listed = body.subscriptions.find((s: { id: number }) => s.id === subscription);
    if (listed?.has_billing_team) return;
    await sleep(10);
  }
  throw new Error(`subscription ${subscription} never got its billing team`);
}

export const teamPath = (subscription: number) =>
  `/v2/payments/subscription/${subscription}/billing-team`;

/** The caller's consumables of one service, flattened from the grouped listing. */
export async function consumablesOf(
  server: MockServer,
  token: string,
  service: string,
): Promise<Json[]> {
  const { body } = await call(server, token, 'GET', routesOf(server).listConsumables.path);
  return body.voids
    .filter((group: { slug: string }) => group.slug === service)
    .flatMap((group: { items: unknown[] }) => group.items);
}

/** A subscription to `plan` with `seats` seats, bought by the owner. */
export async function ownedTeam(
  plan = 'team-per-seat',
  seats = 3,
  options: MockServerOptions = {},
) {
  const server = await startServer(options);
  const { owner, member } = server.simulator.users;
  const { subscription } = await buy(server, plan, seats);
  return { server, owner, member, subscription, path: teamPath(subscription) };
}

/** The seats of a team, as its owner lists them. */
export const seatsOf = async (server: MockServer, token: string, path: string): Promise<Json[]> =>
  (await call(server, token, 'GET', `${path}/seat`)).body;
