import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The repository's bin (bin/seatpay.js, which runs src/command through tsx) as a child process:
// its help and a usage mistake. command.test.ts runs the same command in this process.

const BIN = resolve(import.meta.dirname, '../../bin/seatpay.js');

const run = (args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((done) =>
    execFile(process.execPath, [BIN, ...args], (error, stdout, stderr) =>
      done({ code: error ? Number(error.code) : 0, stdout, stderr }),
    ),
  );

describe('seatpay (the bin, from the source)', () => {
  it('prints its help with every command, exit 0; a usage mistake exits 2 in one line', async () => {
    const [help, wrong] = await Promise.all([run(['--help']), run(['chekout'])]);
    expect(help.code).toBe(0);
    for (const name of ['purchase', 'checkout', 'seats', 'team', 'upload', 'journal'])
      expect(help.stdout).toContain(`  ${name} `);
    expect(wrong.code, wrong.stderr).toBe(2);
    expect(wrong.stdout).toBe('');
    const lines = wrong.stderr.trimEnd().split('\n');
    expect(lines, wrong.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^seatpay: unknown command "chekout" \(did you mean checkout\?\); one of purchase, checkout/,
    );
  });
});
