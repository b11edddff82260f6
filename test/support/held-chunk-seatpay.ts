// A fresh copy of seatpay (nothing loaded, as a page at its start) whose one lazy chunk is held:
// it arrives only when the test calls `arrive` (never, if the test does not). With a client that
// records every request it would send (each answered 500), so a test sees that nothing was sent.
import { vi } from 'vitest';

type Seatpay = typeof import('../../src/index.js');

/**
 * `chunk` is the held module's path under src/ (`helpers/purchase.js`); a test that mocks it
 * unmocks the same path (`vi.doUnmock('../../src/' + chunk)`) after it.
 */
export async function seatpayWithHeldChunk(chunk: string) {
  let arrive: (() => void) | undefined;
  vi.resetModules();
  vi.doMock(`../../src/${chunk}`, async (importOriginal) => {
    await new Promise<void>((resolve) => (arrive = resolve));
    return importOriginal();
  });
  const seatpay: Seatpay = await import('../../src/index.js');
  const sent: string[] = [];
  const client = seatpay.createClient({
    baseUrl: 'https://api.example.com',
    token: 't0k',
    fetch: (input: RequestInfo | URL) => {
      sent.push(String(input));
      return Promise.resolve(new Response('{}', { status: 500 }));
    },
  });
  return { seatpay, client, sent, arrive: () => arrive?.() };
}
