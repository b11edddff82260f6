import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-server.js';
import { runInProcess } from './run-in-process.js';
import { ownerEnv } from './support/owner-env.js';

// `seatpay upload --profile deployed`: that server requires a `media` upload's meta (slug, name,
// categories, academy: "Missing required meta key"), so without a way to give it the command
// could never upload media there. `--meta <json>` gives it; a bad one is a usage mistake, nothing
// sent.

const server = useMockServer({ profile: 'deployed', mediaProcessingDelayMs: 0 });
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'seatpay-command-upload-meta-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The files the simulator holds, as `GET /__mock/state` shows them. */
async function files(): Promise<unknown[]> {
  const answer = await fetch(`${server().url}/__mock/state`, {
    headers: { authorization: `Token ${server().simulator.users.owner.token}` },
  });
  return ((await answer.json()) as { files: unknown[] }).files;
}

function env() {
  return ownerEnv(server());
}

describe('seatpay upload to the deployed server, with its meta', () => {
  it('is refused by that server without --meta, and uploads with it', async () => {
    const path = join(dir, 'intro.mp4');
    const bytes = new Uint8Array(3000).fill(5);
    await writeFile(path, bytes);
    const argv = ['upload', path, '--profile', 'deployed', '--academy', '1', '--json'];
    const without = await runInProcess(argv, env());
    expect(without.code).toBe(1);
    expect(without.stderr).toContain('Missing required meta key');
    expect(without.stderr).toContain(`give the files' meta with --meta '<json>'`); // what to type

    const meta = { slug: 'intro', name: 'Intro', categories: ['video'], academy: 1 };
    const ran = await runInProcess([...argv, '--meta', JSON.stringify(meta)], env());
    expect(ran.code, ran.stderr).toBe(0);
    const { media } = JSON.parse(ran.stdout) as { media: { id: number } };
    expect(server().simulator.fileBytes(media.id)).toEqual(bytes);
  });

  it('says to give --academy when that server refuses media sent without one (as docs showed)', async () => {
    const path = join(dir, 'no-academy.mp4');
    await writeFile(path, new Uint8Array(100));
    const meta = { slug: 'intro', name: 'Intro', categories: ['video'], academy: 1 };
    const argv = ['upload', path, '--profile', 'deployed', '--meta', JSON.stringify(meta)];
    const ran = await runInProcess(argv, env());
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain("aren't authorized to upload");
    expect(ran.stderr).toContain('--academy <id>');
  });

  it('refuses a --meta that is not a JSON object before sending anything (exit 2)', async () => {
    const path = join(dir, 'other.mp4');
    await writeFile(path, new Uint8Array(10));
    const before = await files();
    for (const meta of ['{slug: intro}', '["intro"]', 'null']) {
      const ran = await runInProcess(
        ['upload', path, '--profile', 'deployed', '--academy', '1', '--meta', meta],
        env(),
      );
      expect(ran.code, ran.stderr).toBe(2);
      expect(ran.stderr).toContain('--meta takes a JSON object');
    }
    expect(await files()).toEqual(before);
  });
});
