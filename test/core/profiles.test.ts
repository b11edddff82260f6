import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ConnectionError,
  createClient,
  deployedRoutes,
  InvalidRequestError,
  NotFoundError,
  OwnerOnlyError,
  profiles,
  routes,
  type ClientOptions,
  type ProfileName,
} from '../../src/index.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';

// What each profile puts on the wire, recorded as the client hands it to fetch, against the
// simulator of the same profile (so every recorded call also really succeeded).

interface Sent {
  line: string;
  authorization: string | null;
  body: unknown;
}

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function recordedClient(profile: ProfileName, more: Partial<ClientOptions> = {}) {
  const server = await startMockServer({
    subscriptionDelayMs: 20,
    billingTeamDelayMs: 20,
    profile,
  });
  servers.push(server);
  const sent: Sent[] = [];
  const answers: Response[] = [];
  const recording: typeof fetch = async (input, init) => {
    // ky hands fetch a Request; read what it would send without consuming it.
    const request = input instanceof Request ? input : new Request(input, init);
    const json = /json/.test(request.headers.get('content-type') ?? '');
    sent.push({
      line: `${request.method} ${new URL(request.url).pathname}`,
      authorization: request.headers.get('authorization'),
      body: json ? await request.clone().json() : undefined,
    });
    const answer = await fetch(request, input instanceof Request ? undefined : init);
    answers.push(answer);
    return answer;
  };
  const client = createClient({
    baseUrl: server.url,
    token: server.simulator.users.owner.token,
    profile,
    fetch: recording,
    logLevel: 'off',
    ...more,
  });
  return { server, client, sent, answers };
}

const WIRE = {
  spec: {
    authorization: 'Bearer',
    preview: ['POST /v1/payments/checking', 'PREVIEW'],
    bag: ['POST /v1/payments/checking', 'BAG'],
    card: 'PUT /v1/payments/card',
    consumables: 'GET /v1/provisioning/me/consumables',
    chunk: 'POST /v2/media/me/chunk',
    academyChunk: 'POST /v2/media/academy/chunk',
    finalize: 'POST /v2/media/me/chunk/upload',
    meta: JSON.stringify({ slug: 'notes' }),
  },
  deployed: {
    authorization: 'Token',
    preview: ['PUT /v1/payments/checking', 'PREVIEW'],
    bag: ['PUT /v1/payments/checking', 'PREVIEW'],
    card: 'POST /v1/payments/card',
    consumables: 'GET /v1/payments/me/service/consumable',
    chunk: 'PUT /v2/media/me/chunk',
    academyChunk: 'PUT /v2/media/academy/chunk',
    finalize: 'PUT /v2/media/me/chunk/upload',
    meta: { slug: 'notes' },
  },
} as const;

const CARD = { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2035' };

describe.each<ProfileName>(['spec', 'deployed'])('the wire of profile %s', (profile) => {
  const wire = WIRE[profile];

  it('auth scheme, methods, paths, the checking type and the meta encoding', async () => {
    const { server, client, sent } = await recordedClient(profile);
    const plans = [server.simulator.catalog.personal.id];
    await client.checking.preview({ plans });
    const bag = await client.checking.bag({ plans });
    await client.card.register({ ...CARD, academy: 1 });
    await client.consumables.list();
    const chunk = new Uint8Array([1, 2, 3]);
    const common = { operation_type: 'test-small', total_chunks: 1, filename: 'n.bin' };
    await client.media.uploadChunk({ ...common, chunk_index: 0, chunk });
    await client.media.uploadChunk({ ...common, chunk_index: 0, chunk, academy: 1 });
    const file = await client.media.finalize({
      ...common,
      mime: 'application/octet-stream',
      meta: { slug: 'notes' },
    });

    expect(sent.map(({ line }) => line)).toEqual([
      wire.preview[0],
      wire.bag[0],
      wire.card,
      wire.consumables,
      wire.chunk,
      wire.academyChunk,
      wire.finalize,
    ]);
    const token = server.simulator.users.owner.token;
    expect(new Set(sent.map(({ authorization }) => authorization))).toEqual(
      new Set([`${wire.authorization} ${token}`]),
    );
    expect(sent.slice(0, 2).map(({ body }) => (body as { type: string }).type)).toEqual([
      wire.preview[1],
      wire.bag[1],
    ]);
    expect((sent[6]!.body as { meta: unknown }).meta).toEqual(wire.meta);
    expect(bag.token).toEqual(expect.any(String));
    expect(server.simulator.fileBytes(file.id)).toEqual(chunk);
  });

  it("purchase() sends its academy with the preview, the bag and the card; the card's own wins", async () => {
    const { client, sent } = await recordedClient(profile);
    const order = {
      plan: 'personal',
      chosen_period: 'MONTH' as const,
      payment_method_id: 1,
      academy: 1,
      pollInterval: 10,
    };
    await client.purchase({ ...order, card: CARD });
    await client.purchase({ ...order, plan: 'team-per-team', card: { ...CARD, academy: 'mine' } });
    const academies = (line: string) =>
      sent
        .filter((request) => request.line === line)
        .map((request) => (request.body as { academy?: unknown }).academy);
    expect(academies(wire.preview[0])).toEqual([1, 1, 1, 1]);
    expect(academies(wire.card)).toEqual([1, 'mine']);
  });

  it('the exported route tables say the same', () => {
    const table = profiles[profile].routes;
    expect(table).toBe(profile === 'spec' ? routes : deployedRoutes);
    expect(`${table.registerCard.method} ${table.registerCard.path}`).toBe(wire.card);
    expect(`${table.checking.method} ${table.checking.path}`).toBe(wire.preview[0]);
    expect(profiles[profile].authScheme).toBe(wire.authorization);
  });

  it('an authScheme given to the client wins over the profile', async () => {
    const { client, sent } = await recordedClient(profile, { authScheme: 'Token' });
    await client.plans.get('personal');
    expect(sent[0]!.authorization).toMatch(/^Token /);
  });
});

describe("profile 'deployed' against what that server does", () => {
  it('reads bodies over 10 KiB sent gzip, deflate or br compressed', async () => {
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const headers = { 'accept-encoding': encoding };
      const { server, client, answers } = await recordedClient('deployed', { headers });
      const owner = server.simulator.users.owner;
      const { id } = await buyTeam(client, 160);
      const add = Array.from({ length: 150 }, (_, i) => ({
        email: `m${i}@example.com`,
        cohort_id: 5,
      }));
      await client.seats.add(id, add);
      const seats = await client.seats.list(id);
      expect([encoding, answers.at(-1)!.headers.get('content-encoding')]).toEqual([
        encoding,
        encoding,
      ]);
      expect(seats).toHaveLength(151);
      expect(seats[0]!.email).toBe(owner.email);
    }
  });

  it('turns the HTML 404 of a path it lacks into NotFoundError', async () => {
    const { server } = await recordedClient('deployed');
    const specClient = createClient({
      baseUrl: server.url,
      token: server.simulator.users.owner.token,
      logLevel: 'off',
    });
    const error = await specClient.consumables.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).status).toBe(404);
    expect((error as Error).message).toContain('HTML error page: Not Found');
  });

  it('maps its owner-only wordings to OwnerOnlyError', async () => {
    const { server, client } = await recordedClient('deployed');
    const { id } = await buyTeam(client, 3);
    const member = createClient({
      baseUrl: server.url,
      token: server.simulator.users.member.token,
      profile: 'deployed',
      logLevel: 'off',
    });
    const refusals = await Promise.all([
      member.seats.add(id, [{ email: 'eve@example.com', cohort_id: 5 }]).catch((e: unknown) => e),
      member.consumables
        .checkout({ service: 'team-seat', how_many: 9, subscription: id, academy: 1 })
        .catch((e: unknown) => e),
    ]);
    expect(refusals.map((error) => error instanceof OwnerOnlyError)).toEqual([true, true]);
    expect((refusals[0] as Error).message).toContain('Only the owner can manage team members');
    expect((refusals[1] as Error).message).toContain('Only the owner can manage seats');
  });

  it('withOptions switches a client to the deployed profile, the original untouched', async () => {
    const { server } = await recordedClient('deployed');
    const token = server.simulator.users.owner.token;
    const spec = createClient({ baseUrl: server.url, token, logLevel: 'off' });
    const deployed = spec.withOptions({ profile: 'deployed' });
    expect(await deployed.consumables.list()).toHaveProperty('voids');
    await expect(spec.consumables.list()).rejects.toBeInstanceOf(NotFoundError);
  });

  it('a body that claims gzip but is not rejects typed, not as a crash or a wrong value', async () => {
    const liar = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.end('{"slug":"not gzip at all"}');
    });
    await new Promise<void>((resolve) => liar.listen(0, '127.0.0.1', resolve));
    const { port } = liar.address() as AddressInfo;
    const client = createClient({
      baseUrl: `http://127.0.0.1:${port}`,
      token: 'tok_profile_secret',
      profile: 'deployed',
      maxRetries: 0,
      logLevel: 'off',
    });
    const error = await client.plans.get('personal').catch((e: unknown) => e);
    liar.close();
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: true });
    expect(JSON.stringify(error)).not.toContain('tok_profile_secret');
  });

  it('refuses an unknown profile at createClient', () => {
    const make = () =>
      createClient({ baseUrl: 'http://127.0.0.1:9', token: 't', profile: 'live' as 'spec' });
    expect(make).toThrow(InvalidRequestError);
    expect(make).toThrow("Invalid profile: must be 'spec' or 'deployed'");
  });
});

async function buyTeam(client: ReturnType<typeof createClient>, seats: number) {
  const { subscription } = await client.purchase({
    plan: 'team-per-seat',
    team_seats: seats,
    card: { ...CARD, academy: 1 },
    chosen_period: 'MONTH',
    payment_method_id: 1,
    pollInterval: 10,
    waitTimeout: 5_000,
  });
  return subscription;
}
