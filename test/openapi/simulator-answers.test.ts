import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openApiDocument } from '../../src/openapi/document.js';
import { answerChecker } from './support/answer-check.js';
import type { SimulatorAnswer } from './support/recording-simulator.js';

// The end-to-end suites run again here, each simulator they start recording its answers; then
// every answer on a route of its profile's document must follow that document (status, content
// type, body). The simulator is what most users try the document against first.
const answers = vi.hoisted(() => [] as SimulatorAnswer[]);

vi.mock('../../src/mock/simulator.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/mock/simulator.js')>();
  const { recordingAnswers } = await import('./support/recording-simulator.js');
  return {
    ...original,
    createSimulator: (...args: Parameters<typeof original.createSimulator>) =>
      recordingAnswers(original.createSimulator(...args), answers),
  };
});

// Each suite in a block of its own, so that its file-level hooks (closing its server) stay its own.
// This is where they run: the fast project leaves test/e2e/ out (vitest.config.ts), so that each
// runs once, not a second time on its own.
const SUITES = {
  'purchase.test.ts': () => import('../e2e/purchase.test.js'),
  'profiles.test.ts': () => import('../e2e/profiles.test.js'),
  'deployed-flows.test.ts': () => import('../e2e/deployed-flows.test.js'),
  'typed-results.test.ts': () => import('../e2e/typed-results.test.js'),
  'demo.test.ts': () => import('../e2e/demo.test.js'),
};
for (const [name, suite] of Object.entries(SUITES))
  describe(`test/e2e/${name}`, async () => void (await suite()));

it('runs every suite of test/e2e/ (none is left to run nowhere)', async () => {
  const files = await readdir(join(import.meta.dirname, '../e2e'));
  expect(files.filter((file) => file.endsWith('.test.ts')).sort()).toEqual(
    Object.keys(SUITES).sort(),
  );
});

describe("every answer the simulator gave them follows its profile's document", () => {
  it('on every route the client calls, under both profiles', () => {
    const checks = {
      spec: answerChecker(openApiDocument('spec')),
      deployed: answerChecker(openApiDocument('deployed')),
    };
    const results = answers.map((answer) => ({ answer, ...checks[answer.profile](answer) }));
    const checked = results.filter(({ route }) => route !== null);
    // Both profiles, and most routes of the table, were met.
    const routes = new Set(checked.map(({ answer, route }) => `${answer.profile} ${route}`));
    expect(checked.length).toBeGreaterThan(300);
    expect(routes.size).toBeGreaterThanOrEqual(25);
    expect([...routes].filter((route) => route.startsWith('deployed')).length).toBeGreaterThan(10);
    expect([...routes].filter((route) => route.startsWith('spec')).length).toBeGreaterThan(10);
    const wrong = results
      .filter(({ problems }) => problems.length > 0)
      .map(
        ({ answer, route, problems }) =>
          `${answer.profile} ${route} ${answer.status}: ${problems.join('; ')} ${JSON.stringify(answer.body).slice(0, 200)}`,
      );
    expect(wrong).toEqual([]);
    // Off the document: only the simulator's own control routes.
    const off = new Set(
      results
        .filter(({ route }) => route === null)
        .map(({ answer }) => `${answer.method} ${answer.path}`),
    );
    expect([...off].filter((path) => !path.includes(' /__mock/'))).toEqual([]);
  });
});
