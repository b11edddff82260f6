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
  /**
   * The request's `x-test-attempt` header: which of a test's clients sent it. Left out where none
   * said, so that tests comparing whole attempts (`{ index, answer }`) need not name it.
   */
  attempt?: string;
}

export interface UploadTrace {
  chunks: ChunkAttempt[];
  /** Statuses of the finalize requests that reached the service for this file name. */
  finalizes: Array<number | 'dropped'>;
}

export interface RecordingSimulator {
  simulator: Simulator;
  /**
   * What reached the service for `filename`, in arrival order: the requests named `filename`
   * itself or an upload name made of it (`stem.<id>.ext`, see uploadName), so every upload of
   * one user file name (an empty trace when none did).
   */
  trace(filename: string): UploadTrace;
  /** The distinct names chunk requests for `filename` carried, in order of first arrival. */
  namesOf(filename: string): string[];
}

const CHUNK_PATH = /^\/v2\/media\/(me|academy)\/chunk$/;
const FINALIZE_PATH = /^\/v2\/media\/(me|academy)\/chunk\/upload$/;

type Seen =
  | { kind: 'chunk'; name: string; attempt: ChunkAttempt }
  | { kind: 'finalize'; name: string; answer: number | 'dropped' };

/** Whether `name` is `filename` or an upload name made of it. */
function isUploadOf(name: string, filename: string): boolean {
  if (name === filename) return true;
  const dot = filename.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [filename.slice(0, dot), filename.slice(dot)] : [filename, ''];
  return (
    name.startsWith(`${stem}.`) &&
    name.endsWith(ext) &&
    /^[0-9a-f]{20}$/.test(name.slice(stem.length + 1, name.length - ext.length))
  );
}

export function recordingSimulator(options: SimulatorOptions = {}): RecordingSimulator {
  const inner = createSimulator(options);
  const seen: Seen[] = [];
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
        const attempt: ChunkAttempt = {
          index: Number(form.get('chunk_index')),
          answer: 'pending',
          attempt: request.headers.get('x-test-attempt') ?? undefined,
        };
        seen.push({ kind: 'chunk', name: filename ?? '?', attempt });
        const response = await inner.handle(request, handleOptions);
        const held =
          response.status === 400 && /chunk-already-exists/.test(await response.clone().text());
        attempt.answer = held ? 'already-held' : answerOf(response);
        return response;
      }
      if (request.method === 'POST' && FINALIZE_PATH.test(path)) {
        const body = (await request.clone().json()) as { filename?: string };
        const response = await inner.handle(request, handleOptions);
        seen.push({ kind: 'finalize', name: body.filename ?? '?', answer: answerOf(response) });
        return response;
      }
      return inner.handle(request, handleOptions);
    },
  };
  const of = (filename: string) => seen.filter((entry) => isUploadOf(entry.name, filename));
  return {
    simulator,
    trace: (filename) => {
      const mine = of(filename);
      return {
        chunks: mine.flatMap((entry) => (entry.kind === 'chunk' ? [entry.attempt] : [])),
        finalizes: mine.flatMap((entry) => (entry.kind === 'finalize' ? [entry.answer] : [])),
      };
    },
    namesOf: (filename) => [
      ...new Set(of(filename).flatMap((entry) => (entry.kind === 'chunk' ? [entry.name] : []))),
    ],
  };
}
