import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// A test that fails or times out half-way may leave what it started running (a simulator was
// found alive an hour after a failed run). The runs' global teardown ends such processes and
// names them: here a run whose one test forgets a process it started.
const root = resolve(import.meta.dirname, '../..');
/** Whether `pid` runs (a zombie, ended but not yet reaped by its new parent, does not). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

describe.runIf(process.platform === 'linux')('a run that leaves a process behind', () => {
  it('ends it when the run ends, and says so', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'seatpay-leak-'));
    const pidFile = join(dir, 'pid');
    try {
      const { stderr } = await promisify(execFile)(
        process.execPath,
        [
          join(root, 'node_modules/vitest/vitest.mjs'),
          'run',
          '--config',
          'test/development/fixtures/leaks.vitest.config.ts',
        ],
        { cwd: root, env: { ...process.env, LEAK_PID_FILE: pidFile } },
      );
      const pid = Number(await readFile(pidFile, 'utf8'));
      expect(pid).toBeGreaterThan(0);
      expect(stderr).toContain(`left behind by a test, now ended: pid ${pid}`);
      expect(alive(pid)).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
