import { describe, expect, it } from 'vitest';
import { answer, testClient, useMockService } from '../support/msw.js';
import { PREVIEW } from './fixtures.js';

// checking.preview's arguments pass a hand-written check that lets zod's parse be skipped; what
// passes it is sent as JSON.stringify encodes it. An array's own `toJSON` is what JSON.stringify
// sends instead of the array, while zod's parse (a copy without it) sends the array checked: the
// check must not call plain an array that encodes as another.
const service = useMockService();
const { server, seen } = service;

describe('checking.preview with a plans array that has its own toJSON', () => {
  for (const [name, checked, encoded] of [
    ['a bad plan hidden behind toJSON', [12], [-5, 'DROP']],
    ['other plans behind toJSON', [12, 13], [99]],
  ] as const) {
    it(`${name}: the plans checked are the plans sent`, async () => {
      server.use(answer('POST /v1/payments/checking', PREVIEW, { status: 201 }));
      const plans = [...checked];
      Object.defineProperty(plans, 'toJSON', { value: () => encoded });
      await testClient().checking.preview({ plans });
      expect(seen).toHaveLength(1);
      expect(seen[0]!.body).toMatchObject({ plans: checked });
    });
  }
});
