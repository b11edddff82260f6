import { describe, expect, it, vi } from 'vitest';
import { ConnectionError, createClient } from '../../src/index.js';
import { closedPort, resettingServer } from '../support/loopback.js';

// Real sockets on loopback (no msw): only a real connection can be refused or reset after sending.
const PAY = { token: 'bag_1', chosen_period: 'MONTH' };

describe('calls that spend money, over real connections', () => {
  it('a pay whose connection is reset after sending is not re-sent', async () => {
    const service = await resettingServer();
    try {
      const client = createClient({
        baseUrl: service.url,
        token: 't0ken',
        retryBaseDelay: 1,
        maxRetries: 3,
        logLevel: 'off',
      });
      const error = await client.pay.bag(PAY).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error).toMatchObject({ mayHaveBeenProcessed: true });
      expect(service.hits()).toBe(1);
    } finally {
      await service.close();
    }
  });

  it('a pay whose connection was refused is retried, and says it was not processed', async () => {
    const port = await closedPort();
    const fetchSpy = vi.fn((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
    const client = createClient({
      baseUrl: `http://127.0.0.1:${port}`,
      token: 't0ken',
      retryBaseDelay: 1,
      maxRetries: 2,
      fetch: fetchSpy,
      logLevel: 'off',
    });
    const error = await client.pay.bag(PAY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: false });
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });
});
