// The deployed server (Django's MultiPartParser, breatheco-de/apiv2) files a chunk under the part's
// file name as its parser cleans it (live-api.md: `name` = `filename` or the multipart file name;
// seatpay sends no `filename` field): HTML entities unescaped, everything up to the last `/` or `\`
// dropped, every character Python calls non-printable removed (controls, format characters such
// as a zero-width joiner, every space but ' ': macOS's screenshot names carry U+202F before "AM"),
// and `"`, CR and LF arrive as `%22`, `%0D`, `%0A` (FormData's escapes, which Django keeps). An
// upload whose name held one of those was acknowledged under another name: the deployed profile's
// echo check refused a good upload as "stored in another upload's file", and finalize, under the
// name seatpay sent, found none of its chunks. Upload names are now made only of characters the
// server keeps as they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { bytesOf } from './support/upload-kit.js';

const CHUNK = 100;
let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({
    profile: 'deployed',
    operationTypes: { tiny: { chunk_size: CHUNK, max_chunks: null } },
  });
});
afterAll(() => server.close());

/** Django's `MultiPartParser.sanitize_file_name`, after FormData's escapes (a wire's-eye view). */
function djangoCleaned(sent: string): string {
  const wire = sent.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
  const unescaped = htmlUnescaped(wire);
  const base = unescaped.split('/').at(-1)!.split('\\').at(-1)!;
  return [...base].filter((char) => char === ' ' || !NON_PRINTABLE.test(char)).join('');
}

/** Python's `str.isprintable()` false: other (C*) and separator (Z*) categories. */
const NON_PRINTABLE = /^[\p{C}\p{Z}]$/u;

/** Python's `html.unescape` for the entities these names use (`&amp;`, `&copy` with no `;`). */
function htmlUnescaped(value: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', copy: '©' };
  return value.replace(/&(amp|lt|gt|quot|copy);?/g, (_all, name: string) => named[name]!);
}

/**
 * A client of the deployed profile's simulator, which files a chunk under its part's name as the
 * deployed server's parser cleans it; `named` lists the part names sent.
 */
function djangoClient() {
  const named: string[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const isChunk = request.method === 'PUT' && new URL(request.url).pathname.endsWith('/chunk');
    if (isChunk) named.push(((await request.clone().formData()).get('chunk') as File).name);
    return globalThis.fetch(request);
  };
  const user = server.simulator.addUser({ email: `clean-${Math.random()}@example.com` });
  const client = createClient({
    baseUrl: server.url,
    token: user.token,
    profile: 'deployed',
    fetch,
    logLevel: 'off',
    retryBaseDelay: 1,
  });
  return { client, named };
}

describe('a file name the deployed server cleans', () => {
  it.each([
    ['a macOS screenshot (U+202F)', 'Screenshot 2026-11-29 at 10.00.00\u202fAM.png'],
    ['an emoji sequence (U+200D)', 'family \u{1F468}\u200d\u{1F469}\u200d\u{1F467}.png'],
    ['a no-break space', 'report\u00a0Q3.pdf'],
    ['a path given as the name', 'reports/2026/q3.pdf'],
    ['a Windows path', 'C:\\Users\\ana\\q3.pdf'],
    ['an HTML entity', 'R&amp;D &copy 2026.png'],
    ['a double quote', 'the "final" cut.png'],
    ['a line break', 'two\nlines.png'],
    ['an emoji cut in half by the name bound', `${'x'.repeat(79)}\u{1F600}.png`],
    // Printable to this engine, unassigned to an older Python's Unicode (the simulator plays 3.2).
    ['an emoji of Unicode 15 (U+1FAE8)', 'shaking \u{1FAE8} face.png'],
    ['a currency sign of Unicode 17 (U+20C1)', 'price 50 \u20c1.pdf'],
    ['an emoji of Unicode 6 (U+1F600)', 'grin \u{1F600}.png'],
    ['a rupee sign of Unicode 6 (U+20B9)', 'invoice \u20b9 900.pdf'],
    ['a private-use character', 'logo \ue000.png'],
    ['an unassigned code point', 'x\u0378y.png'],
    ['an emoji in the extension', 'clip.\u{1FAE8}'],
    // Names the server's cleaning leaves empty, or `.`/`..`: the part would be no file at all.
    ['a slash alone', '/'],
    ['a zero-width space alone', '\u200b'],
    ['an entity of NUL', '&#0;'],
    ['a parent directory', '..'],
    ['a path ending in a parent directory', 'a/..'],
    ['a name far over any column length', `${'\u{1F600}'.repeat(300)}.png`],
  ])('%s: the upload resolves with the source', async (_what, filename) => {
    const { client, named } = djangoClient();
    const bytes = bytesOf(3 * CHUNK);
    const file = await client.media.upload(bytes, {
      operation_type: 'tiny',
      filename,
      concurrency: 1,
    });
    expect(server.simulator.fileBytes(file.id)).toEqual(bytes);
    // Every chunk carried a name the server keeps as sent.
    expect(named).toHaveLength(3);
    for (const name of named) expect(djangoCleaned(name)).toBe(name);
  });
});

describe('names that clean to one name', () => {
  it('uploads of each at once share no chunk: each resolves with its own bytes', async () => {
    const sources = ['a/b.png', 'a\\b.png', 'a_b.png', 'a\u200db.png'];
    const { client, named } = djangoClient();
    const bytes = sources.map(() => bytesOf(3 * CHUNK));
    const files = await Promise.all(
      sources.map((filename, n) =>
        client.media.upload(bytes[n]!, { operation_type: 'tiny', filename }),
      ),
    );
    files.forEach((file, n) => expect(server.simulator.fileBytes(file.id)).toEqual(bytes[n]));
    // One stem, four names: the random part tells them apart.
    expect(new Set(named.map((name) => name.slice(0, 4)))).toEqual(new Set(['a_b.']));
    expect(named).toHaveLength(12);
    expect(new Set(named).size).toBe(4);
  });

  it("an ordinary name's stem and extension are sent as they are", async () => {
    const { client, named } = djangoClient();
    const filename = "Holiday photo (2) - ñandú € 50%25 it's.png";
    await client.media.upload(bytesOf(CHUNK), { operation_type: 'tiny', filename });
    expect(named).toHaveLength(1);
    expect(named[0]).toMatch(/^Holiday photo \(2\) - ñandú € 50%25 it's\.[0-9a-f]{20}\.png$/);
  });
});
