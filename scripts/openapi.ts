// Writes the OpenAPI 3.1 document of each profile to openapi/ (`npm run openapi`): derived from
// the zod schemas and route table the client uses (src/openapi/document.ts). The committed files
// must match what this writes: test/openapi/documents.test.ts regenerates them and compares.
import { writeFileSync } from 'node:fs';
import { documentFiles } from '../src/openapi/files.js';

for (const { path, text } of documentFiles()) {
  writeFileSync(new URL(`../${path}`, import.meta.url), text);
  console.log(`wrote ${path}`);
}
