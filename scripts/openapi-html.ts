// Renders each committed OpenAPI document to one static HTML page with Redocly's renderer
// (`npm run openapi:html`): docs/openapi/index.html (profile 'spec') and docs/openapi/deployed.html
// (profile 'deployed'). Redoc's scripts are inlined, so a page opens from disk with no network.
// The pages are built, not committed (about 2.5 MB each): docs/openapi.md says how to open them.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DOCUMENT_PATHS } from '../src/openapi/files.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const redocly = fileURLToPath(new URL('../node_modules/@redocly/cli/bin/cli.js', import.meta.url));
const PAGES = {
  spec: { file: 'docs/openapi/index.html', title: 'seatpay: the service (SERVICE.md)' },
  deployed: { file: 'docs/openapi/deployed.html', title: 'seatpay: the deployed server' },
} as const;

mkdirSync(new URL('../docs/openapi/', import.meta.url), { recursive: true });
for (const profile of ['spec', 'deployed'] as const) {
  const { file, title } = PAGES[profile];
  execFileSync(
    process.execPath,
    [
      redocly,
      'build-docs',
      DOCUMENT_PATHS[profile],
      '--inlineBundle',
      '--title',
      title,
      '-o',
      file,
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  console.log(`wrote ${file}`);
}
