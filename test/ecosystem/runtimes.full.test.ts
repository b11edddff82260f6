import { createHash } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../src/mock/index.js';
import {
  esbuildPage,
  runInChromium,
  runInEdgeRuntime,
  runInWorkerd,
  vitePage,
} from './support/bundled-runtimes.js';
import { consumerProject, type ConsumerProject } from './support/consumer-project.js';
import { startRedirectServer, type RedirectServer } from './support/loopback-servers.js';
import { runInRuntime, SERVER_RUNTIMES } from './support/server-runtimes.js';

// The packed tarball, installed once into a consumer project, runs the same flow (consumer/flow.mjs)
// in every runtime seatpay promises, against its simulator on loopback: a fresh simulator per
// runtime, whose records are checked against what the runtime reported.

/** What consumer/flow.mjs returns. */
interface FlowResult {
  resolved?: string;
  plan: { id: number; slug: string };
  previewAmount: string | null;
  steps: string[];
  subscription: { id: number; seats_limit: number };
  payment: { id: number; amount: string } | null;
  seats: string[];
  checkoutAmount: string | null;
  uploads: Record<'blob' | 'array', { fileId: number; chunks: [number, number][] }> & {
    sha256: string;
  };
  badToken: FlowError;
  redirect: FlowError;
  spans: RecordedSpan[];
}
interface RecordedSpan {
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  events: { name: string; attributes?: Record<string, unknown> }[];
  status?: number;
}
interface FlowError {
  resolved?: true;
  name?: string;
  status: number | null;
  classes: string[];
  message: string;
}

const RUNTIME_TIMEOUT_MS = 180_000;
let project: ConsumerProject;

beforeAll(async () => void (project = await consumerProject()), 240_000);
afterAll(async () => {
  if (project) await rm(project.scratchDir, { recursive: true, force: true });
});

/** A fresh simulator and redirect server for one runtime, closed when `use` settles. */
async function withServers<T>(
  use: (simulator: MockServer, redirect: RedirectServer) => Promise<T>,
) {
  const [simulator, redirect] = await Promise.all([
    project.mock.startMockServer({ subscriptionDelayMs: 30 }),
    startRedirectServer(),
  ]);
  try {
    return await use(simulator, redirect);
  } finally {
    await Promise.all([simulator.close(), redirect.close()]);
  }
}

const configOf = (simulator: MockServer, redirect: RedirectServer) => ({
  baseUrl: simulator.url,
  token: simulator.simulator.users.owner.token,
  member: simulator.simulator.users.member.email,
  redirectUrl: redirect.url,
});

/** Checks a runtime's report against the simulator's records. */
function expectFlowPassed(raw: unknown, simulator: MockServer, redirect: RedirectServer) {
  const result = raw as FlowResult;
  const { simulator: records } = simulator;
  expect(result.plan.slug).toBe('team-per-seat');
  expect(result.previewAmount).toMatch(/^\d+\.\d{2}$/);
  expect(result.steps).toContain('pay');
  expect(result.subscription.seats_limit).toBe(3);
  const payments = records.charges.filter((charge) => charge.kind === 'payment');
  expect(payments, 'one payment, the one the runtime saw').toHaveLength(1);
  expect(payments[0]).toMatchObject({
    invoice: result.payment?.id,
    subscription: result.subscription.id,
  });
  expect(result.seats).toContain(records.users.member.email);
  expect(result.checkoutAmount).not.toBeNull();
  for (const upload of [result.uploads.blob, result.uploads.array]) {
    expect(upload.chunks).toEqual([
      [0, 1024],
      [1024, 2048],
      [2048, 2560],
    ]);
    const stored = records.fileBytes(upload.fileId);
    expect(createHash('sha256').update(stored).digest('hex')).toBe(result.uploads.sha256);
  }
  expect(result.badToken).toMatchObject({ name: 'AuthenticationError', status: 401 });
  expect(result.badToken.classes).toEqual(['APIError', 'AuthenticationError', 'SeatpayError']);
  // A redirect is a typed error on the first answer: not followed, not retried as a network fault.
  expect(result.redirect.resolved).toBeUndefined();
  expect(result.redirect.classes).toContain('SeatpayError');
  expect(result.redirect.classes).not.toContain('ConnectionError');
  expect({ redirected: redirect.redirected, followed: redirect.followed }).toEqual({
    redirected: 1,
    followed: 0,
  });
  expectTraced(result, simulator);
}

/** The flow's client was traced: its observer chunk loaded, each span as issue 30 says. */
function expectTraced({ spans, subscription }: FlowResult, simulator: MockServer) {
  const named = (name: string) => spans.filter((span) => span.name === name);
  const [purchase] = named('seatpay.purchase');
  expect(purchase).toMatchObject({ kind: 0 });
  expect(purchase!.events.map((event) => event.attributes?.['seatpay.step'])).toContain('pay');
  const pay = named('POST /v1/payments/pay');
  expect(pay).toHaveLength(1);
  expect(pay[0]).toMatchObject({
    kind: 2,
    attributes: {
      'http.request.method': 'POST',
      'url.template': '/v1/payments/pay',
      'http.response.status_code': 201,
    },
  });
  expect(named('GET /v2/payments/subscription/{subscription_id}/billing-team/seat')).toEqual([
    expect.objectContaining({
      attributes: expect.objectContaining({
        'url.full': `${simulator.url}/v2/payments/subscription/${subscription.id}/billing-team/seat`,
      }),
    }),
  ]);
  expect(named('seatpay.upload').map((span) => span.attributes['seatpay.upload.chunks'])).toEqual([
    3, 3,
  ]);
  const unauthorized = spans.find((span) => span.attributes['http.response.status_code'] === 401);
  expect(unauthorized).toMatchObject({ status: 2, attributes: { 'error.type': '401' } });
  const text = JSON.stringify(spans);
  for (const secret of ['4242424242424242', simulator.simulator.users.owner.token])
    expect(text).not.toContain(secret);
}

describe('the same flow, from the packed tarball, in every runtime', () => {
  it.for(SERVER_RUNTIMES)('$name', { timeout: RUNTIME_TIMEOUT_MS }, async (runtime) => {
    await withServers(async (simulator, redirect) => {
      const result = await runInRuntime(
        runtime,
        project.scratchDir,
        'run-server.mjs',
        configOf(simulator, redirect),
      );
      expectFlowPassed(result, simulator, redirect);
      // The `node` export condition: each of them loads the Node build of the main entry.
      expect((result as FlowResult).resolved).toMatch(/\/node_modules\/seatpay\/dist\/index\.js$/);
    });
  });

  it.for(SERVER_RUNTIMES)(
    '$name: seatpay/node uploads from a path and journals a purchase',
    { timeout: RUNTIME_TIMEOUT_MS },
    async (runtime) => {
      await withServers(async (simulator) => {
        const filePath = join(project.scratchDir, `upload-${runtime.name.replace(/\W/g, '')}.bin`);
        const journalPath = `${filePath}.journal.json`;
        const bytes = Buffer.alloc(2100, 7);
        await writeFile(filePath, bytes);
        const config = {
          baseUrl: simulator.url,
          token: simulator.simulator.users.owner.token,
          filePath,
          journalPath,
        };
        const result = (await runInRuntime(
          runtime,
          project.scratchDir,
          'run-node-entry.mjs',
          config,
          {
            readWrite: project.scratchDir,
          },
        )) as { file: { name: string; size: number; fileId: number }; subscriptions: number[] };
        expect(result.file).toMatchObject({ name: filePath.split('/').at(-1), size: 2100 });
        expect(Buffer.from(simulator.simulator.fileBytes(result.file.fileId))).toEqual(bytes);
        // The journal made the second purchase with the same key the first one: one charge.
        expect(new Set(result.subscriptions).size).toBe(1);
        expect(
          simulator.simulator.charges.filter((charge) => charge.kind === 'payment'),
        ).toHaveLength(1);
      });
    },
  );

  // Bundled for workerd, edge-light or browsers: the bundler must pick the web platform.
  it.for([
    ['workerd (miniflare), without nodejs_compat', runInWorkerd],
    ['the edge runtime (edge-runtime)', runInEdgeRuntime],
  ] as const)('%s', { timeout: RUNTIME_TIMEOUT_MS }, async ([, run]) => {
    await withServers(async (simulator, redirect) => {
      const { result, platform } = await run(project.scratchDir, configOf(simulator, redirect));
      expect(platform).toEqual(['platform-web.js']);
      expectFlowPassed(result, simulator, redirect);
    });
  });

  it.for([
    ['esbuild', esbuildPage],
    ['vite', vitePage],
  ] as const)('Chromium, bundled by %s', { timeout: RUNTIME_TIMEOUT_MS }, async ([, buildPage]) => {
    const page = await buildPage(project.scratchDir);
    expect(page.platform).toEqual(['platform-web.js']);
    await withServers(async (simulator, redirect) =>
      expectFlowPassed(
        await runInChromium(page.root, configOf(simulator, redirect)),
        simulator,
        redirect,
      ),
    );
  });
});
