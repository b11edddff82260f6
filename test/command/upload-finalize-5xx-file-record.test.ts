import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { uploadCommandBed } from '../support/upload-command-bed.js';
import { runInProcess } from './run-in-process.js';

// redteam39 (note15): a finalize answered 5xx whose body is the record of the file made (a proxy
// that failed after the service answered, a server that failed once the file was saved) said
// "may or may not exist (it answered 500 at finalize, which does not say whether the file was
// made)": the body says so, and names the file to look for.

const server = useMockServer({ mediaProcessingDelayMs: 0 });
const folder = useTempFolder('seatpay-command-finalize-5xx-record-');

describe("seatpay upload whose finalize was answered 500 with the file's record", () => {
  it('says the file was made, by its id, and to check it before uploading again', async () => {
    const { path, env } = await uploadCommandBed(server(), folder, 'talk.mp4');
    const simulator = server().simulator;
    const handle = simulator.handle.bind(simulator);
    simulator.handle = async (request, options) => {
      const response = await handle(request, options);
      if (request.method !== 'POST' || !new URL(request.url).pathname.endsWith('/chunk/upload'))
        return response;
      return new Response(await response.text(), { status: 500, headers: response.headers });
    };
    try {
      const answered = await runInProcess(['upload', path], env);
      expect(answered.code, answered.stderr).toBe(3);
      expect(answered.stderr).not.toMatch(/may or may not exist|does not say whether/);
      expect(answered.stderr).toMatch(
        /talk\.mp4 was probably made as media file 1 \(the service answered 500 at finalize, with that file's record as its body\)/,
      );
      expect(answered.stderr).toMatch(/check the service for the file before uploading it again/);
    } finally {
      simulator.handle = handle;
    }
  });

  // review16b: any body with an integer `id` and a string `status` was taken for the file's record:
  // a gateway's error envelope ({id, status: 'error'}) made it say the file was probably made.
  it('a 5xx whose body is no file record (no name) still says the file may or may not exist', async () => {
    const { path, env } = await uploadCommandBed(server(), folder, 'gateway.mp4');
    server().simulator.faults.inject({
      route: 'POST /v2/media/me/chunk/upload',
      kind: 'status',
      status: 502,
      body: { id: 7, status: 'error', detail: 'upstream connect error' },
      times: 1,
    });
    const answered = await runInProcess(['upload', path], env);
    expect(answered.code, answered.stderr).toBe(3);
    expect(answered.stderr).not.toMatch(/probably made/);
    expect(answered.stderr).toMatch(
      /gateway\.mp4 may or may not exist on the service \(it answered 502/,
    );
  });
});
