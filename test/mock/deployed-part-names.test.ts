// The deployed server files a chunk sent without a `filename` field under its multipart part's
// file name as Django's parser cleans it (`sanitize_file_name`: HTML entities unescaped, what
// follows the last `/` or `\`, non-printables dropped; `"` arrives as FormData's `%22` and stays
// so; a name left empty is no file). The deployed profile now does the same, so a name the server
// would clean fails against the simulator as it does against the server (the chunk answer's `name`
// is not the one sent); the spec profile keeps the name as sent.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import type { MockServer } from '../../src/mock/index.js';
import { closeServers, startServer } from './support.js';

afterEach(closeServers);

const chunkNamed = (server: MockServer, profile: 'spec' | 'deployed', filename: string) =>
  createClient({
    baseUrl: server.url,
    token: server.simulator.users.owner.token,
    profile,
    logLevel: 'off',
    maxRetries: 0,
  }).media.uploadChunk({
    operation_type: 'test-small',
    total_chunks: 1,
    chunk_index: 0,
    chunk: new Uint8Array(8),
    filename,
    mime: 'image/png',
  });

describe("the deployed profile's chunk names", () => {
  it.each([
    ['a path', 'reports/2026/q3.png', 'q3.png'],
    ['a Windows path', 'C:\\Users\\ana\\q3.png', 'q3.png'],
    ['HTML entities', 'R&amp;D &#169; &copy 2026.png', 'R&D © © 2026.png'],
    ['a zero-width joiner and a narrow no-break space', 'a\u200db\u202fc.png', 'abc.png'],
    ['a double quote', 'the "final" cut.png', 'the %22final%22 cut.png'],
    ['a line break', 'two\nlines.png', 'two%0Alines.png'],
    ['an ordinary name', 'Holiday photo (2) - ñandú €.png', 'Holiday photo (2) - ñandú €.png'],
  ])('%s: filed under the name Django gives it', async (_what, sent, filed) => {
    const server = await startServer({ profile: 'deployed' });
    expect((await chunkNamed(server, 'deployed', sent)).name).toBe(filed);
  });

  it.each([
    ['nothing but a zero-width joiner', '\u200d'],
    ['a path to a directory', 'reports/'],
    ['a parent directory', '../..'],
  ])('%s: no file at all, the chunk is refused', async (_what, sent) => {
    const server = await startServer({ profile: 'deployed' });
    const refused = await chunkNamed(server, 'deployed', sent).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400 });
    expect(String(refused)).toMatch(/chunk/i);
  });

  it('the spec profile files the name as sent', async () => {
    const server = await startServer();
    expect((await chunkNamed(server, 'spec', 'reports/a\u200db.png')).name).toBe(
      'reports/a\u200db.png',
    );
  });
});
