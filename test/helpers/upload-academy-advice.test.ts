// An upload refused for want of an academy says to give `academy`, whatever language the server
// answers in; a chunk refused for another reason (another 403, a 400) says nothing of an academy.
// In memory: the simulator answers every request but the chunks, answered here as a server would.
import { describe, expect, it } from 'vitest';
import { createClient, UploadError } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';

/** The message of an upload whose every chunk is answered `status` with `detail`. */
async function refusedWith(status: number, detail: string): Promise<string> {
  const simulator = createSimulator({ subscriptionDelayMs: 1 });
  const { token } = simulator.addUser({ email: 'academy@example.com' });
  const client = createClient({
    baseUrl: 'http://simulator.test',
    token,
    maxRetries: 0,
    logLevel: 'off',
    fetch: (input, init) => {
      const request = new Request(input, init);
      if (!new URL(request.url).pathname.endsWith('/chunk')) return simulator.handle(request);
      const body = JSON.stringify({ detail, status_code: status });
      return Promise.resolve(
        new Response(body, { status, headers: { 'content-type': 'application/json' } }),
      );
    },
  });
  const source = new File([new Uint8Array(100)], 'talk.png', { type: 'image/png' });
  const failure = await client.media.upload(source, { operation_type: 'test-small' }).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(UploadError);
  return (failure as UploadError).message;
}

describe('an upload refused for want of an academy', () => {
  it('says to give academy, in English and in Spanish', async () => {
    for (const detail of [
      "You aren't authorized to upload any media operation type",
      "You aren't authorized to upload any proof-of-payment operation type",
      'No estás autorizado para subir ningún tipo de operación media',
    ]) {
      const message = await refusedWith(403, detail);
      expect(message).toContain(detail);
      expect(message).toContain('`academy`');
      expect(message).toContain('--academy <id>');
    }
  });

  it('says nothing of an academy for another refusal', async () => {
    for (const [status, detail] of [
      [403, 'You do not have permission to perform this action.'],
      [403, 'Only the owner can manage seats'],
      [403, 'No tienes permiso para realizar esta acción.'],
      [400, 'Chunk index out of range'],
    ] as const) {
      const message = await refusedWith(status, detail);
      expect(message).toContain(detail);
      expect(message).not.toMatch(/academy/i);
    }
  });
});
