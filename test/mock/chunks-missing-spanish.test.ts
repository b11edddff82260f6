// newuser17: docs/simulator.md says `accept-language: es` has every refusal answered in Spanish,
// as the deployed server answers "3/3 chunks están faltando" (the sixteenth pass's upload fix is
// about that answer); the simulator answered finalize's "chunks are missing" in English, so an
// upload's handling of the Spanish answer could not be tried against it.
import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';

const SPANISH = { 'accept-language': 'es-ES,es;q=0.9' };

describe.each(['spec', 'deployed'] as const)(
  "finalize's missing chunks, in Spanish (%s)",
  (profile) => {
    const clientOf = () => {
      const simulator = createSimulator({ profile });
      return inMemoryClient(simulator, simulator.users.owner.token, { profile, headers: SPANISH });
    };

    it('media.finalize with no chunk sent: "3/3 chunks están faltando", some-chunks-not-found', async () => {
      const error = await clientOf()
        .media.finalize({
          operation_type: 'test-small',
          total_chunks: 3,
          filename: 'clip.bin',
          mime: 'application/octet-stream',
        })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({ status: 400, code: 'some-chunks-not-found' });
      expect((error as Error).message).toMatch(/^400 3\/3 chunks están faltando \(/);
    });
  },
);
