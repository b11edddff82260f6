import { describe, expect, it } from 'vitest';
import { main } from '../../src/command/main.js';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { uploadCommandBed } from '../support/upload-command-bed.js';

// review19b: `seatpay upload a b` stopped or failing at b named a as uploaded only with
// --resume-dir, and the advice after that note said to run "the same command" again: a Ctrl-C
// without --resume-dir said "add --resume-dir <dir> to be able to resume" (a run again with it
// uploaded a a second time), and a finalize answered "chunks are missing" said "running the same
// command again sends b whole" right after "the same command would upload a again".

const server = useMockServer({ mediaProcessingDelayMs: 0 });
const folder = useTempFolder('seatpay-command-several-advice-');

function capture() {
  const out = { stderr: '' };
  const streams = {
    stdout: { write: () => true },
    stderr: { write: (text: string) => Boolean((out.stderr += text)), isTTY: false },
  };
  return { out, streams };
}

describe('seatpay upload a b, stopped or failing at b: every line names a as made', () => {
  it('Ctrl-C during b without --resume-dir says a is uploaded and to run it with b only', async () => {
    const [a, b] = await Promise.all(
      ['f.mp4', 'gg.mp4'].map((name) => uploadCommandBed(server(), folder, name)),
    );
    const simulator = server().simulator;
    const handle = simulator.handle.bind(simulator);
    const ctrlC = new AbortController();
    let finalized = 0;
    simulator.handle = async (request, options) => {
      const path = new URL(request.url).pathname;
      if (request.method === 'POST' && path.endsWith('/chunk/upload')) finalized++;
      else if (request.method === 'POST' && path.endsWith('/chunk') && finalized === 1) {
        ctrlC.abort();
      }
      return handle(request, options);
    };
    const { out, streams } = capture();
    try {
      const argv = ['upload', a!.path, b!.path];
      expect(await main(argv, { streams, env: a!.env, signal: ctrlC.signal }), out.stderr).toBe(
        130,
      );
      expect(out.stderr).toMatch(/upload of .*gg\.mp4 stopped by Ctrl-C/);
      expect(out.stderr).toMatch(
        /f\.mp4 is uploaded \(listed above\): run it again with .*gg\.mp4 only/,
      );
      expect(out.stderr).toMatch(/add --resume-dir <dir> to the command with .*gg\.mp4 only/);
    } finally {
      simulator.handle = handle;
    }
  });

  it('a finalize of b answered "chunks are missing" advises running it with b only', async () => {
    const [a, b] = await Promise.all(
      ['h.mp4', 'ii.mp4'].map((name) => uploadCommandBed(server(), folder, name)),
    );
    const simulator = server().simulator;
    const route = 'POST /v2/media/me/chunk/upload';
    simulator.faults.clear();
    const handle = simulator.handle.bind(simulator);
    let finalized = 0;
    simulator.handle = async (request, options) => {
      const path = new URL(request.url).pathname;
      if (request.method === 'POST' && path.endsWith('/chunk/upload') && ++finalized === 2) {
        const body = { detail: '1/1 chunks are missing', status_code: 400 };
        simulator.faults.inject({ route, kind: 'status', status: 400, body, times: 1 });
      }
      return handle(request, options);
    };
    const { out, streams } = capture();
    try {
      const argv = ['upload', a!.path, b!.path, '--resume-dir', folder.in('missing')];
      expect(await main(argv, { streams, env: a!.env }), out.stderr).toBe(1);
      expect(out.stderr).toMatch(
        /h\.mp4 is uploaded \(listed above\): run it again with .*ii\.mp4 only/,
      );
      expect(out.stderr).toMatch(/acknowledged every chunk of .*ii\.mp4/);
      expect(out.stderr).toMatch(
        /running the command with .*ii\.mp4 only again sends .*ii\.mp4 whole/,
      );
      expect(out.stderr).not.toMatch(/the same command again/);
    } finally {
      simulator.handle = handle;
      simulator.faults.clear();
    }
  });
});
