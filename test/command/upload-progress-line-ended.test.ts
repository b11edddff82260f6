import { describe, expect, it } from 'vitest';
import { main } from '../../src/command/main.js';
import { useMockServer } from '../support/mock-server.js';
import { useTempFolder } from '../support/temp-folder.js';
import { uploadCommandBed } from '../support/upload-command-bed.js';

// newuser24: on a terminal, stdout and stderr share one screen. `seatpay upload` printed its result
// (stdout) and the client's retry line (stderr) while the progress bar's line was still open, so
// each landed on the end of the bar: "... 1/1 chunkstalk.mp4: media file 4 (TRANSFERRING)", and
// the bar's own line end came after, as a blank line.

const server = useMockServer({ mediaProcessingDelayMs: 0 });
const folder = useTempFolder('seatpay-command-progress-line-');

/** `seatpay <argv>` with stdout and stderr on one terminal, as a person sees them. */
async function onOneTerminal(argv: string[], env: Record<string, string>) {
  let screen = '';
  const write = (text: string) => (screen += text);
  const streams = { stdout: { write }, stderr: { write, isTTY: true } };
  const code = await main(argv, { streams, env, signal: new AbortController().signal });
  // What the terminal shows: each `\r` redraws its line from the start.
  const lines = screen.split('\n').map((line) => line.split('\r').at(-1) ?? '');
  return { code, screen, lines };
}

describe("seatpay upload's progress bar on a terminal", () => {
  it('ends its line before the result, and before a retry line', async () => {
    const { path, env } = await uploadCommandBed(server(), folder, 'talk.mp4');
    server().simulator.faults.inject({
      route: 'POST /v2/media/me/chunk',
      kind: 'status',
      status: 503,
      retryAfter: '0',
      times: 1,
    });
    const ran = await onOneTerminal(['upload', path, '--operation-type', 'test-small'], {
      ...env,
      SEATPAY_LOG: 'warn',
    });
    server().simulator.faults.clear();
    expect(ran.code, ran.screen).toBe(0);
    const retry = ran.lines.findIndex((line) => line.includes('retry 1'));
    expect(ran.lines[retry], ran.screen).toMatch(/^\[seatpay\] POST \/v2\/media\/me\/chunk/);
    const result = ran.lines.findIndex((line) => /: media file \d+ /.test(line));
    expect(ran.lines[result], ran.screen).toMatch(/^\S*talk\.mp4: media file \d+ \(\w+\)$/);
    expect(ran.lines[result - 1], ran.screen).toMatch(/talk\.mp4 \[#{24}\] 100%/);
    expect(ran.lines.slice(result + 1), ran.screen).toEqual(['']);
  });
});
