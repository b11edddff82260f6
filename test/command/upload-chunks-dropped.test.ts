import { describe, expect, it } from 'vitest';
import { createChunkStore } from '../../src/mock/index.js';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { uploadCommandBed } from '../support/upload-command-bed.js';
import { runInProcess } from './run-in-process.js';

// redteam39: `seatpay upload --resume-dir` run again after the service dropped the chunks an
// earlier run sent (it drops an unfinished upload's chunks) said only "seatpay: 400 3/3 chunks are
// missing (POST /v2/media/me/chunk/upload)": nothing of what to do, though the record was deleted
// and the same command, run once more, sends the file whole.

const chunkStore = createChunkStore();
const server = useMockServer({
  mediaProcessingDelayMs: 0,
  chunkStore,
  operationTypes: { tiny: { chunk_size: 1000, max_chunks: null } },
});
const folder = useTempFolder('seatpay-command-chunks-dropped-');

/**
 * `seatpay upload` of a new `name` with a resume record in `records`, its first finalize answered
 * 400 (with `body`, if given): the command's arguments and environment, and that first run.
 */
async function finalizeRefusedOnce(name: string, records: string, body?: unknown) {
  const { path, env } = await uploadCommandBed(server(), folder, name);
  const argv = ['upload', path, '--resume-dir', folder.in(records), '--operation-type', 'tiny'];
  server().simulator.faults.inject({
    route: 'POST /v2/media/me/chunk/upload',
    kind: 'status',
    status: 400,
    ...(body === undefined ? {} : { body }),
    times: 1,
  });
  return { argv, env, first: await runInProcess(argv, env) };
}

describe('seatpay upload resumed after the service dropped its chunks', () => {
  it('says the file was not made and to run the same command again, which sends it whole', async () => {
    // The first run's finalize is refused: its three chunks stay acknowledged in the record.
    const { argv, env, first } = await finalizeRefusedOnce('talk.mp4', 'records');
    expect(first.code).toBe(1);
    chunkStore.clear(); // the service dropped the unfinished upload

    const dropped = await runInProcess(argv, env);
    expect(dropped.code, dropped.stderr).toBe(1);
    expect(dropped.stderr).toMatch(/no longer holds the chunks of .*talk\.mp4/);
    expect(dropped.stderr).toMatch(/nothing was finalized and its record is deleted/);
    expect(dropped.stderr).toMatch(/run the same command again: .*talk\.mp4 is then sent whole/);
    expect(dropped.stderr).not.toMatch(/resume record|without resume\b/); // the command's words

    const again = await runInProcess([...argv, '--json'], env);
    expect(again.code, again.stderr).toBe(0);
  });

  // review16b: a first run, which sent every chunk itself, was told the same (the service "drops
  // the chunks of an upload left unfinished", "run the same command again"): a service that does
  // not match the chunks it acknowledged to the finalize answers so on every run, for ever.
  it('a first run whose finalize says chunks are missing is not told the chunks were dropped', async () => {
    const missing = { detail: '3/3 chunks are missing', status_code: 400 };
    const { first } = await finalizeRefusedOnce('fresh.mp4', 'fresh', missing);
    expect(first.code, first.stderr).toBe(1);
    expect(first.stderr).not.toMatch(/no longer holds|left unfinished|run the same command again:/);
    expect(first.stderr).toMatch(
      /acknowledged every chunk of .*fresh\.mp4 this run sent, then answered finalize that chunks are missing, so nothing was finalized and its record is deleted/,
    );
    expect(first.stderr).toMatch(/may fail the same way: if it does, report/);
  });

  // redteam48: the command told the two apart by the SDK's message, which quotes the service's
  // words: a service whose answer said "though this call sent every chunk" had a resumed run told
  // the chunks it sent were all acknowledged and that running it again may fail the same way.
  it("a resumed run is told the chunks were dropped whatever the service's words", async () => {
    const { argv, env, first } = await finalizeRefusedOnce('echo.mp4', 'echo');
    expect(first.code).toBe(1);
    chunkStore.clear();
    const detail = '3/3 chunks are missing, though this call sent every chunk';
    server().simulator.faults.inject({
      route: 'POST /v2/media/me/chunk/upload',
      kind: 'status',
      status: 400,
      body: { detail, status_code: 400 },
      times: 1,
    });
    const dropped = await runInProcess(argv, env);
    expect(dropped.code, dropped.stderr).toBe(1);
    expect(dropped.stderr).toMatch(/no longer holds the chunks of .*echo\.mp4/);
    expect(dropped.stderr).not.toMatch(/this run sent|may fail the same way/);
  });
});
