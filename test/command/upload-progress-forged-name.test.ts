// `seatpay upload *` in a terminal redraws a progress bar labelled with each file's path. A file
// name is anyone's text (a shared folder, an unpacked archive): one holding an escape sequence was
// written to the terminal as is by the bar (only the bar: every other line escapes it), so the name
// `\x1b]0;…\x07` retitled the window, and `\x1b[2K\r… 100% … done` erased the bar and drew a
// forged one. The bar prints the path as every other line does: control characters escaped.
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { runInProcess, type Ran } from './run-in-process.js';

/** Whether text holds a bell or an escape: what makes a terminal obey it. */
const obeyed = (text: string) => text.includes('\x07') || text.includes('\x1b');
const FORGED = 'a\x1b]0;pwned\x07\x1b[2K\rinvoice.pdf [#####] 100% done\x1b[0m.txt';
/** A name whose line break forges a result line of a file never uploaded. */
const FORGED_LINE = 'b.txt: media file 1 (CREATED)\nsecret-plan.pdf';

interface Upload {
  title: string;
  /** The temp folder's prefix. */
  folder: string;
  /** The uploaded file's name in it. */
  name: string;
  /** The byte the file's 10,000 bytes are. */
  fill: number;
  /** Whether stderr is a terminal's (the bar drawn). */
  terminal: boolean;
  /** Sets the simulator up before the upload (`bytes`: the file's). */
  arm?(server: MockServer, bytes: Uint8Array): void;
  /** What the user sees: `path` is the file's. */
  check(ran: Ran, path: string): void;
}

const uploads: Upload[] = [
  {
    title: 'draws the bar with the name escaped; the upload itself is done',
    folder: 'seatpay-forged-name-',
    name: FORGED,
    fill: 66,
    terminal: true,
    check({ stdout, stderr }) {
      // No escape, bell or carriage return but the bar's own \r at the start of each redraw.
      expect(obeyed(stderr)).toBe(false);
      expect(stderr.replace(/(^|\n)\r/g, '$1').replace(/\r(?=\S)/g, '')).not.toContain('\r');
      expect(stderr).toContain('\\u{1b}]0;pwned\\u{7}\\u{1b}[2K\\u{d}invoice.pdf');
      expect(stderr).toMatch(/\[#{24}\] 100% 9\.8\/9\.8 KB, 3\/3 chunks\n$/);
      expect(obeyed(stdout)).toBe(false);
      expect(stdout).not.toContain('\r');
    },
  },
  {
    title: 'prints a name with a line break on one line, on a log and in the result',
    folder: 'seatpay-forged-line-',
    name: FORGED_LINE,
    fill: 67,
    terminal: false,
    check({ stdout, stderr }) {
      // One result line, for the one file, its name escaped.
      expect(stdout.trimEnd().split('\n')).toHaveLength(1);
      expect(stdout).toContain('(CREATED)\\u{a}secret-plan.pdf: media file');
      for (const line of stderr.trimEnd().split('\n')) expect(line).toMatch(/chunks$/);
    },
  },
  {
    title: "prints the service's file status on the result's line",
    folder: 'seatpay-forged-status-',
    name: 'c.txt',
    fill: 68,
    terminal: false,
    // A finalize answer that names the file rightly (its md5) and forges a line in its status.
    arm(server, bytes) {
      server.simulator.faults.inject({
        route: 'POST /v2/media/me/chunk/upload',
        kind: 'status',
        status: 200,
        body: {
          id: 41,
          academy: null,
          name: createHash('md5').update(bytes).digest('hex'),
          status: 'CREATED)\nother.pdf: media file 42 (CREATED',
        },
      });
    },
    check({ stdout }, path) {
      expect(stdout).toBe(
        `${path}: media file 41 (CREATED)\\u{a}other.pdf: media file 42 (CREATED)\n`,
      );
    },
  },
];

describe('seatpay upload in a terminal, a file named with escape sequences', () => {
  it.each(uploads)('$title', async ({ folder, name, fill, terminal, arm, check }) => {
    const server = await startMockServer({
      port: 0,
      operationTypes: { tiny: { chunk_size: 4096, max_chunks: null } },
    });
    const dir = await mkdtemp(join(tmpdir(), folder));
    try {
      const bytes = new Uint8Array(10_000).fill(fill);
      const path = join(dir, name);
      await writeFile(path, bytes);
      arm?.(server, bytes);
      const env = {
        SEATPAY_BASE_URL: server.url,
        SEATPAY_TOKEN: server.simulator.users.owner.token,
      };
      const argv = ['upload', path, '--operation-type', 'tiny'];
      const ran = await runInProcess(argv, env, { terminal });
      expect(ran.code, ran.stderr).toBe(0);
      check(ran, path);
    } finally {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
