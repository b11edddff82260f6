import { beforeAll, describe, expect, it } from 'vitest';
import { compare } from './parity/compare.js';
import { DELIBERATE } from './parity/differences.js';
import { replay, type SimAnswer } from './parity/replay.js';
import { compared, exchanges } from './parity/transcript.js';

// The simulator's deployed profile against the real deployed server's recorded answers
// (docs/reference/real-exchanges.json): every exchange replayed in order, in process, on the
// test's clock. Each answer matches in status, content type, body shape and error detail, or
// differs exactly as parity/differences.ts says, and why.
let answers: Map<number, SimAnswer>;
beforeAll(async () => {
  answers = await replay(exchanges);
});

describe('the deployed profile answers as the recorded deployed server', () => {
  it.each(
    compared.map(
      (exchange) => [`#${exchange.n} ${exchange.scenario}: ${exchange.step}`, exchange] as const,
    ),
  )('%s', (_, exchange) => {
    const found = compare(exchange, answers.get(exchange.n)!);
    const expected = DELIBERATE[exchange.n]?.aspects ?? [];
    expect(Object.keys(found).sort(), JSON.stringify(found)).toEqual([...expected].sort());
  });

  it('ends every poll loop with its condition met (a new subscription with its team, the items)', () => {
    const loops = compared.filter((exchange) => exchange.poll !== undefined);
    expect(loops.length).toBeGreaterThan(0);
    for (const loop of loops) expect(answers.get(loop.n)?.ready, `#${loop.n}`).toBe(true);
  });

  it('names each finalized file by the MD5 of its bytes, as the recorded server did', () => {
    const finalized = compared.filter(
      (exchange) =>
        exchange.request.path.endsWith('/chunk/upload') && exchange.response.status === 201,
    );
    expect(finalized.length).toBeGreaterThan(0);
    for (const exchange of finalized) {
      const recorded = (exchange.response.body as { name: string }).name;
      expect((answers.get(exchange.n)?.body as { name?: string }).name, `#${exchange.n}`).toBe(
        recorded,
      );
    }
  });

  it("echoes each stored chunk's name, index, total, type, MIME and academy as recorded", () => {
    const stored = compared.filter(
      (exchange) => exchange.request.path.endsWith('/chunk') && exchange.response.status === 201,
    );
    expect(stored.length).toBeGreaterThan(0);
    const echoed = (body: unknown) => {
      const { user: _user, ...rest } = body as Record<string, unknown>;
      return rest;
    };
    for (const exchange of stored) {
      expect(echoed(answers.get(exchange.n)?.body), `#${exchange.n}`).toEqual(
        echoed(exchange.response.body),
      );
    }
  });

  it('lists no deliberate difference that is not a compared exchange', () => {
    const numbers = new Set(compared.map((exchange) => exchange.n));
    expect(Object.keys(DELIBERATE).filter((n) => !numbers.has(Number(n)))).toEqual([]);
  });
});
