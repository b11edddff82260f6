// `seatpay upload a b …` stopped at a later file, once the files before it were made: by Ctrl-C,
// or by its finalize refused. The simulator is watched for the rest of the test only.
import { onTestFinished } from 'vitest';
import type { MockServer } from '../../../src/mock/index.js';

const FINALIZE = 'POST /v2/media/me/chunk/upload';

/** Calls `watch` with each request and how many finalizes came before it (this one included). */
function watchFinalizes(server: MockServer, watch: (request: Request, finalized: number) => void) {
  const { simulator } = server;
  const handle = simulator.handle.bind(simulator);
  let finalized = 0;
  simulator.handle = async (request, options) => {
    const path = new URL(request.url).pathname;
    if (request.method === 'POST' && path.endsWith('/chunk/upload')) finalized++;
    watch(request, finalized);
    return handle(request, options);
  };
  onTestFinished(() => {
    simulator.handle = handle;
    simulator.faults.clear();
  });
}

/** A Ctrl-C signal that fires as the file after the first `made` files sends its first chunk. */
export function ctrlCAfterFiles(server: MockServer, made: number): AbortSignal {
  const ctrlC = new AbortController();
  watchFinalizes(server, (request, finalized) => {
    const path = new URL(request.url).pathname;
    if (request.method === 'POST' && path.endsWith('/chunk') && finalized === made) ctrlC.abort();
  });
  return ctrlC.signal;
}

/** The `nth` file's finalize answered 400 (with `body`, if given) once: nothing made of it. */
export function finalizeRefusedAt(server: MockServer, nth: number, body?: object): void {
  server.simulator.faults.clear();
  let refused = false;
  watchFinalizes(server, (_, finalized) => {
    if (finalized !== nth || refused) return;
    refused = true;
    server.simulator.faults.inject({
      route: FINALIZE,
      kind: 'status',
      status: 400,
      body,
      times: 1,
    });
  });
}
