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
import { main } from '../../src/command/main.js';
import { startMockServer } from '../../src/mock/index.js';

/** Whether text holds a bell or an escape: what makes a terminal obey it. */
const obeyed = (text: string) => text.includes('\x07') || text.includes('\x1b');
const FORGED = 'a\x1b]0;pwned\x07\x1b[2K\rinvoice.pdf [#####] 100% done\x1b[0m.txt';
/** A name whose line break forges a result line of a file never uploaded. */
const FORGED_LINE = 'b.txt: media file 1 (CREATED)\nsecret-plan.pdf';

describe('seatpay upload in a terminal, a file named with escape sequences', () => {
  it('draws the bar with the name escaped; the upload itself is done', async () => {
    const server = await startMockServer({
      port: 0,
      operationTypes: { tiny: { chunk_size: 4096, max_chunks: null } },
    });
    const dir = await mkdtemp(join(tmpdir(), 'seatpay-forged-name-'));
    try {
      const path = join(dir, FORGED);
      await writeFile(path, new Uint8Array(10_000).fill(66));
      let stdout = '';
      let stderr = '';
      const streams = {
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: (text: string) => (stderr += text), isTTY: true },
      };
      const env = {
        SEATPAY_BASE_URL: server.url,
        SEATPAY_TOKEN: server.simulator.users.owner.token,
      };
      const argv = ['upload', path, '--operation-type', 'tiny'];
      const code = await main(argv, { streams, env, signal: new AbortController().signal });
      expect(code, stderr).toBe(0);
      // No escape, bell or carriage return but the bar's own \r at the start of each redraw.
      expect(obeyed(stderr)).toBe(false);
      expect(stderr.replace(/(^|\n)\r/g, '$1').replace(/\r(?=\S)/g, '')).not.toContain('\r');
      expect(stderr).toContain('\\u{1b}]0;pwned\\u{7}\\u{1b}[2K\\u{d}invoice.pdf');
      expect(stderr).toMatch(/\[#{24}\] 100% 0\.0\/0\.0 MB, 3\/3 chunks\n$/);
      expect(obeyed(stdout)).toBe(false);
      expect(stdout).not.toContain('\r');
    } finally {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('prints a name with a line break on one line, on a log and in the result', async () => {
    const server = await startMockServer({
      port: 0,
      operationTypes: { tiny: { chunk_size: 4096, max_chunks: null } },
    });
    const dir = await mkdtemp(join(tmpdir(), 'seatpay-forged-line-'));
    try {
      const path = join(dir, FORGED_LINE);
      await writeFile(path, new Uint8Array(10_000).fill(67));
      let stdout = '';
      let stderr = '';
      const streams = {
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: (text: string) => (stderr += text), isTTY: false },
      };
      const env = {
        SEATPAY_BASE_URL: server.url,
        SEATPAY_TOKEN: server.simulator.users.owner.token,
      };
      const argv = ['upload', path, '--operation-type', 'tiny'];
      const code = await main(argv, { streams, env, signal: new AbortController().signal });
      expect(code, stderr).toBe(0);
      // One result line, for the one file, its name escaped.
      expect(stdout.trimEnd().split('\n')).toHaveLength(1);
      expect(stdout).toContain('(CREATED)\\u{a}secret-plan.pdf: media file');
      for (const line of stderr.trimEnd().split('\n')) expect(line).toMatch(/chunks$/);
    } finally {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("prints the service's file status on the result's line", async () => {
    const server = await startMockServer({
      port: 0,
      operationTypes: { tiny: { chunk_size: 4096, max_chunks: null } },
    });
    const dir = await mkdtemp(join(tmpdir(), 'seatpay-forged-status-'));
    try {
      const bytes = new Uint8Array(10_000).fill(68);
      const path = join(dir, 'c.txt');
      await writeFile(path, bytes);
      // A finalize answer that names the file rightly (its md5) and forges a line in its status.
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
      let stdout = '';
      const streams = {
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: () => true, isTTY: false },
      };
      const env = {
        SEATPAY_BASE_URL: server.url,
        SEATPAY_TOKEN: server.simulator.users.owner.token,
      };
      const argv = ['upload', path, '--operation-type', 'tiny'];
      const code = await main(argv, { streams, env, signal: new AbortController().signal });
      expect(code).toBe(0);
      expect(stdout).toBe(
        `${path}: media file 41 (CREATED)\\u{a}other.pdf: media file 42 (CREATED)\n`,
      );
    } finally {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
