import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { DOCUMENT_PATHS } from '../../src/openapi/files.js';

// The simulator serves its profile's document, the one the package ships, to anyone.
let server: MockServer | undefined;
afterEach(() => server?.close());

describe.each(['spec', 'deployed'] as const)('seatpay-mock --profile %s', (profile) => {
  const shipped = JSON.parse(
    readFileSync(new URL(`../../${DOCUMENT_PATHS[profile]}`, import.meta.url), 'utf8'),
  );

  it('serves the shipped document at /openapi.json, with or without a token', async () => {
    server = await startMockServer({ port: 0, profile });
    const tries: Record<string, string>[] = [
      {},
      { authorization: 'Token not-a-token' },
      { authorization: `Bearer ${server.simulator.users.owner.token}` },
    ];
    for (const headers of tries) {
      const answer = await fetch(new URL('/openapi.json', server.url), { headers });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('application/json');
      expect(await answer.json()).toEqual(shipped);
    }
  });
});
