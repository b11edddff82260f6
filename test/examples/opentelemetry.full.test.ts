import { execFile } from 'node:child_process';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { packAndInstall, type PackedPackage } from '../package/support/pack-and-install.js';

// docs/observability.md's set-up, as a user's Node service runs it: examples/opentelemetry/
// installed with the packed seatpay and today's OpenTelemetry packages from npm (its own
// package.json, not the repository's), run against the simulator, its spans exported over
// OTLP/HTTP to a loopback receiver that keeps what arrives.

const exec = promisify(execFile);
const example = resolve(import.meta.dirname, '../../examples/opentelemetry');

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}
interface ReceivedSpan extends OtlpSpan {
  scope: string;
}

let pkg: PackedPackage;
let project: string;
let simulator: MockServer;
let receiver: Server;
let receiverUrl: string;
const received: ReceivedSpan[] = [];

/** An OTLP/HTTP receiver (JSON, as the HTTP exporter sends it) and a status page to fetch. */
function startReceiver(): Promise<void> {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: { scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[];
        };
        for (const resource of body.resourceSpans)
          for (const scoped of resource.scopeSpans)
            for (const span of scoped.spans) received.push({ ...span, scope: scoped.scope.name });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((ready) =>
    receiver.listen(0, '127.0.0.1', () => {
      receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
      ready();
    }),
  );
}

beforeAll(async () => {
  await Promise.all([
    packAndInstall().then((packed) => (pkg = packed)),
    startMockServer({ port: 0 }).then((server) => (simulator = server)),
    startReceiver(),
  ]);
  // The example's folder in a project of its own, with seatpay from the packed tarball.
  project = join(pkg.scratchDir, 'opentelemetry-example');
  await cp(example, project, { recursive: true });
  const manifest = JSON.parse(await readFile(join(project, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  manifest.dependencies.seatpay = `file:${pkg.tarball}`;
  await writeFile(join(project, 'package.json'), JSON.stringify(manifest, null, 2));
  await exec('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: project });
}, 300_000);

afterAll(async () => {
  await simulator?.close();
  receiver?.close();
  if (pkg) await rm(pkg.scratchDir, { recursive: true, force: true });
});

const attribute = (span: OtlpSpan, key: string) =>
  Object.values(span.attributes.find((entry) => entry.key === key)?.value ?? {})[0];

describe('examples/opentelemetry: seatpay under the OpenTelemetry Node SDK', () => {
  it('exports one CLIENT span per attempt under the app’s span, and none from the fetch instrumentation for the service', async () => {
    const { stdout } = await exec(process.execPath, ['--import', './tracing.mjs', 'app.mjs'], {
      cwd: project,
      env: {
        PATH: process.env.PATH ?? '',
        SEATPAY_BASE_URL: simulator.url,
        SEATPAY_TOKEN: simulator.simulator.users.owner.token,
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiverUrl}/v1/traces`,
        OTEL_SERVICE_NAME: 'billing',
        STATUS_URL: `${receiverUrl}/status`,
      },
      timeout: 120_000,
    });
    expect(stdout).toMatch(/team-per-seat: \d+ subscription\(s\)/);

    const app = received.find((span) => span.name === 'nightly-report');
    expect(app).toBeDefined();
    const seatpay = received.filter((span) => span.scope === 'billing' && span.kind === 3);
    expect(seatpay.map((span) => span.name).sort()).toEqual([
      'GET /v1/payments/me/subscription',
      'GET /v1/payments/plan/{plan_slug}',
    ]);
    for (const span of seatpay) {
      expect(span.parentSpanId).toBe(app!.spanId);
      expect(attribute(span, 'http.response.status_code')).toBe(200);
      expect(String(attribute(span, 'url.full'))).toContain(simulator.url);
    }

    // The fetch instrumentation is on (the app's own fetch is traced) but leaves seatpay's
    // requests to seatpay's spans: nothing from it has a seatpay attempt as its parent.
    const undici = received.filter((span) => span.scope.includes('undici'));
    expect(undici.some((span) => String(attribute(span, 'url.full')).includes('/status'))).toBe(
      true,
    );
    const attemptIds = new Set(seatpay.map((span) => span.spanId));
    expect(undici.filter((span) => attemptIds.has(span.parentSpanId ?? ''))).toEqual([]);
    expect(
      undici.filter((span) => String(attribute(span, 'url.full')).startsWith(simulator.url)),
    ).toEqual([]);
  });
});
