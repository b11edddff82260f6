import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The package as users get it: packed, installed into a scratch project, loaded by ESM and CJS.
const root = resolve(import.meta.dirname, '../..');
let scratch: string;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'seatpay-pack-'));
  execFileSync('npm', ['pack', '--pack-destination', scratch], { cwd: root, stdio: 'pipe' });
  const tarball = readdirSync(scratch).find((file) => file.endsWith('.tgz'))!;
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true }));
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', `./${tarball}`], {
    cwd: scratch,
    stdio: 'pipe',
  });
  server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        id: 1,
        slug: request.url?.split('/').pop(),
        seen_auth: request.headers.authorization,
      }),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise<void>((done) => server?.close(() => done()));
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Runs a script in the scratch project (asynchronously, so the server here can answer it). */
async function run(file: string, source: string): Promise<string> {
  writeFileSync(join(scratch, file), source);
  const { stdout } = await promisify(execFile)(process.execPath, [file], {
    cwd: scratch,
    env: { ...process.env, BASE_URL: baseUrl },
  });
  return stdout.trim();
}

describe('the packed package', () => {
  it('holds only what users need', () => {
    const listing = execFileSync('tar', [
      '-tzf',
      join(
        scratch,
        readdirSync(scratch).find((f) => f.endsWith('.tgz'))!,
      ),
    ]).toString();
    const files = listing
      .trim()
      .split('\n')
      .map((line) => line.replace(/^package\//, ''));
    expect(files).toContain('dist/index.js');
    expect(files).toContain('dist/index.cjs');
    expect(files).toContain('dist/index.d.ts');
    expect(files).toContain('dist/index.d.cts');
    expect(files.filter((file) => /^(src|test|bench|examples)\//.test(file))).toEqual([]);
  });

  it('works by ESM import', async () => {
    const output = await run(
      'esm.mjs',
      `import { createClient, NotFoundError } from 'seatpay';
       const client = createClient({ baseUrl: process.env.BASE_URL, token: 'esm-token' });
       const plan = await client.plans.get('team');
       console.log(JSON.stringify({ slug: plan.slug, auth: plan.seen_auth, errors: typeof NotFoundError }));`,
    );
    expect(JSON.parse(output)).toEqual({
      slug: 'team',
      auth: 'Bearer esm-token',
      errors: 'function',
    });
  });

  it('works by CommonJS require', async () => {
    const output = await run(
      'cjs.cjs',
      `const { createClient, APIError } = require('seatpay');
       const client = createClient({ baseUrl: process.env.BASE_URL, token: 'cjs-token' });
       client.plans.get('solo').then((plan) => console.log(JSON.stringify({ slug: plan.slug, auth: plan.seen_auth, errors: typeof APIError })));`,
    );
    expect(JSON.parse(output)).toEqual({
      slug: 'solo',
      auth: 'Bearer cjs-token',
      errors: 'function',
    });
  });

  it('ships types that resolve for both module systems', () => {
    writeFileSync(
      join(scratch, 'types.mts'),
      `import { createClient, type Plan } from 'seatpay';\nconst plan: Promise<Plan> = createClient({ baseUrl: 'https://x.test', token: 't' }).plans.get('a');\nvoid plan;\n`,
    );
    writeFileSync(
      join(scratch, 'types.cts'),
      `import seatpay = require('seatpay');\nconst plan: Promise<seatpay.Plan> = seatpay.createClient({ baseUrl: 'https://x.test', token: 't' }).plans.get('a');\nvoid plan;\n`,
    );
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const args = [
      '--noEmit',
      '--strict',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--skipLibCheck',
      'false',
      '--lib',
      'es2022,dom',
      'types.mts',
      'types.cts',
    ];
    expect(() =>
      execFileSync(process.execPath, [tsc, '--ignoreConfig', ...args], {
        cwd: scratch,
        stdio: 'pipe',
      }),
    ).not.toThrow();
  });
});
