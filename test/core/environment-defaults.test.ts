import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, createCore, InvalidRequestError, PlansResource } from '../../src/index.js';
import { answer, BASE_URL, TOKEN, useMockService } from '../support/msw.js';
import { thrownBy } from '../support/thrown.js';

// createClient() with no baseUrl or token reads SEATPAY_BASE_URL, SEATPAY_TOKEN and SEATPAY_LOG
// (API.md, "Client"), so one script runs against the simulator and a real server unchanged.

const { server, seen } = useMockService();

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

function stubEnvironment(values: Record<string, string | undefined>): void {
  for (const name of ['SEATPAY_BASE_URL', 'SEATPAY_TOKEN', 'SEATPAY_LOG'])
    vi.stubEnv(name, values[name]);
}

/** A logger that records each line, to see which level the client logs at. */
function recordingLogger() {
  const lines: string[] = [];
  const record = (level: string) => (message: string) => lines.push(`${level} ${message}`);
  return {
    lines,
    logger: {
      error: record('error'),
      warn: record('warn'),
      info: record('info'),
      debug: record('debug'),
    },
  };
}

describe('createClient() and the environment', () => {
  it('with no options, sends to SEATPAY_BASE_URL with SEATPAY_TOKEN', async () => {
    stubEnvironment({ SEATPAY_BASE_URL: `${BASE_URL}/api/`, SEATPAY_TOKEN: TOKEN });
    server.use(answer('GET /api/v1/payments/plan/:slug', { slug: 'team-per-seat' }));
    const plan = await createClient().plans.get('team-per-seat');
    expect(plan.slug).toBe('team-per-seat');
    expect(seen[0]).toMatchObject({
      path: '/api/v1/payments/plan/team-per-seat',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
  });

  it('lets options given win over the variables', async () => {
    stubEnvironment({ SEATPAY_BASE_URL: 'https://elsewhere.test', SEATPAY_TOKEN: 'env-token' });
    server.use(answer('GET /v1/payments/plan/:slug', { slug: 'personal' }));
    await createClient({ baseUrl: BASE_URL, token: TOKEN }).plans.get('personal');
    expect(seen[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('takes one option from the caller and the other from the environment', async () => {
    stubEnvironment({ SEATPAY_TOKEN: TOKEN });
    server.use(answer('GET /v1/payments/plan/:slug', { slug: 'personal' }));
    await createClient({ baseUrl: BASE_URL }).plans.get('personal');
    expect(seen[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it.each([
    [
      { SEATPAY_TOKEN: TOKEN },
      'baseUrl',
      /Missing baseUrl: pass `baseUrl` to createClient or set SEATPAY_BASE_URL/,
    ],
    [
      { SEATPAY_BASE_URL: BASE_URL },
      'token',
      /Missing token: pass `token` to createClient or set SEATPAY_TOKEN/,
    ],
    [{ SEATPAY_BASE_URL: BASE_URL, SEATPAY_TOKEN: '' }, 'token', /SEATPAY_TOKEN/],
  ])(
    'missing both ways (%j): InvalidRequestError naming the option and the variable',
    (env, field, message) => {
      stubEnvironment(env);
      const attempt = () => createClient();
      expect(attempt).toThrow(InvalidRequestError);
      expect(attempt).toThrow(expect.objectContaining({ field }));
      expect(attempt).toThrow(message);
      expect(seen).toEqual([]);
    },
  );

  it('where the runtime has no process.env (a browser), says the variable cannot be read', () => {
    vi.stubGlobal('process', undefined);
    const thrown = thrownBy(() => createClient({ token: TOKEN }));
    vi.unstubAllGlobals();
    expect(thrown).toBeInstanceOf(InvalidRequestError);
    expect((thrown as Error).message).toBe(
      'Missing baseUrl: pass `baseUrl` to createClient (SEATPAY_BASE_URL is read only where the runtime has process.env)',
    );
  });

  it('checks a value from the environment like an option: a bad SEATPAY_BASE_URL is refused', () => {
    stubEnvironment({ SEATPAY_BASE_URL: 'api.example.com', SEATPAY_TOKEN: TOKEN });
    expect(() => createClient()).toThrow(expect.objectContaining({ field: 'baseUrl' }));
  });

  it('logs at SEATPAY_LOG unless logLevel is given, and refuses a level that does not exist', async () => {
    stubEnvironment({ SEATPAY_BASE_URL: BASE_URL, SEATPAY_TOKEN: TOKEN, SEATPAY_LOG: 'INFO' });
    server.use(answer('GET /v1/payments/plan/:slug', { slug: 'personal' }));
    const fromEnv = recordingLogger();
    await createClient({ logger: fromEnv.logger }).plans.get('personal');
    expect(fromEnv.lines.some((line) => line.startsWith('info '))).toBe(true);
    expect(fromEnv.lines.join('\n')).not.toContain(TOKEN);

    const given = recordingLogger();
    await createClient({ logger: given.logger, logLevel: 'warn' }).plans.get('personal');
    expect(given.lines).toEqual([]);

    vi.stubEnv('SEATPAY_LOG', 'verbose');
    expect(() => createClient()).toThrow(
      expect.objectContaining({
        field: 'logLevel',
        message: expect.stringContaining('SEATPAY_LOG "verbose"'),
      }),
    );
  });

  it('never puts a token from the environment into an error, even a malformed one', () => {
    const malformed = `${TOKEN} trailing`;
    stubEnvironment({ SEATPAY_BASE_URL: BASE_URL, SEATPAY_TOKEN: malformed });
    const thrown = thrownBy(() => createClient());
    expect(thrown).toBeInstanceOf(InvalidRequestError);
    expect(thrown).toMatchObject({ field: 'token' });
    expect(`${String(thrown)} ${JSON.stringify(thrown)}`).not.toContain(TOKEN);
  });

  it('applies to createCore too, for resources built alone', async () => {
    stubEnvironment({ SEATPAY_BASE_URL: BASE_URL, SEATPAY_TOKEN: TOKEN });
    server.use(answer('GET /v1/payments/plan/:slug', { slug: 'personal' }));
    const plan = await new PlansResource(createCore()).get('personal');
    expect(plan.slug).toBe('personal');
  });
});
