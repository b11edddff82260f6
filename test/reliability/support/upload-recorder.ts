// A simulator whose `handle` is wrapped to record every chunk and finalize request that reaches it,
// by file name: what the service saw, whatever the client believes it sent.
import { createSimulator, type Simulator, type SimulatorOptions } from '../../../src/mock/index.js';

export interface ChunkAttempt {
  index: number;
  /**
   * The HTTP status answered; 'already-held' for the 400 `chunk-already-exists`; 'dropped' when
   * the connection was dropped (an injected reset); 'pending' while the service has not answered
   * (an injected latency: its client may have given up already).
   */
  answer: number | 'already-held' | 'dropped' | 'pending';
}

export interface UploadTrace {
  chunks: ChunkAttempt[];
  /** Statuses of the finalize requests that reached the service for this file name. */
  finalizes: Array<number | 'dropped'>;
}

export interface RecordingSimulator {
  simulator: Simulator;
  /** What reached the service for `filename` (an empty trace when nothing did). */
  trace(filename: string): UploadTrace;
}

const CHUNK_PATH = /^\/v2\/media\/(me|academy)\/chunk$/;
const FINALIZE_PATH = /^\/v2\/media\/(me|academy)\/chunk\/upload$/;

export function recordingSimulator(options: SimulatorOptions = {}): RecordingSimulator {
  const inner = createSimulator(options);
  const traces = new Map<string, UploadTrace>();
  const traceOf = (filename: string) => {
    let trace = traces.get(filename);
    if (!trace) traces.set(filename, (trace = { chunks: [], finalizes: [] }));
    return trace;
  };
  const answerOf = (response: Response) =>
    response.type === 'error' ? 'dropped' : response.status;

  const simulator: Simulator = {
    ...inner,
    handle: async (request, handleOptions) => {
      const path = new URL(request.url).pathname;
      if (request.method === 'POST' && CHUNK_PATH.test(path)) {
        const form = await request.clone().formData();
        const chunk = form.get('chunk');
        const filename = (form.get('filename') as string | null) ?? (chunk as File | null)?.name;
        // Recorded on arrival, in the order the simulator takes its faults.
        const attempt: ChunkAttempt = { index: Number(form.get('chunk_index')), answer: 'pending' };
        traceOf(filename ?? '?').chunks.push(attempt);
        const response = await inner.handle(request, handleOptions);
        const held =
          response.status === 400 && /chunk-already-exists/.test(await response.clone().text());
        attempt.answer = held ? 'already-held' : answerOf(response);
        return response;
      }
      if (request.method === 'POST' && FINALIZE_PATH.test(path)) {
        const body = (await request.clone().json()) as { filename?: string };
        const response = await inner.handle(request, handleOptions);
        traceOf(body.filename ?? '?').finalizes.push(answerOf(response));
        return response;
      }
      return inner.handle(request, handleOptions);
    },
  };
  return {
    simulator,
    trace: (filename) => traces.get(filename) ?? { chunks: [], finalizes: [] },
  };
}
