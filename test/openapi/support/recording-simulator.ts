import type { ProfileName } from '../../../src/core/routes/profiles.js';
import type { Simulator } from '../../../src/mock/index.js';
import type { SeenAnswer } from './answer-check.js';

/** An answer the simulator gave, with the profile it played. */
export interface SimulatorAnswer extends SeenAnswer {
  profile: ProfileName;
}

/**
 * Makes a simulator keep a copy of every answer it gives (status, content type, body), whoever
 * serves it (startMockServer, msw handlers, `handle` itself). A dropped connection is no answer.
 */
export function recordingAnswers(simulator: Simulator, into: SimulatorAnswer[]): Simulator {
  const handle = simulator.handle.bind(simulator);
  simulator.handle = async (request, options) => {
    const response = await handle(request, options);
    if (response.type === 'error') return response;
    const contentType = response.headers.get('content-type') ?? '';
    const text = await response.clone().text();
    const base = options?.basePath ?? '';
    into.push({
      profile: simulator.profile,
      method: request.method,
      path: new URL(request.url).pathname.slice(base.length),
      status: response.status,
      contentType,
      body: contentType.includes('json') && text !== '' ? JSON.parse(text) : text,
    });
    return response;
  };
  return simulator;
}
