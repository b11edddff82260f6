#!/usr/bin/env node
/* global process, URL */
// `seatpay`: the SDK as a command (`seatpay --help`). The command lives in src/command/: from a
// clone it runs that source through tsx, so it works before any build; from the installed
// package, its build in dist/ (which imports the package's own entries).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const source = new URL('../src/command/main.ts', import.meta.url);

async function loadCommand() {
  if (!existsSync(fileURLToPath(source))) return import('../dist/command.js');
  const { tsImport } = await import('tsx/esm/api');
  // The repository's tsconfig maps `#platform` to its Node source, whatever the working directory.
  const tsconfig = fileURLToPath(new URL('../tsconfig.json', import.meta.url));
  return tsImport(source.href, { parentURL: import.meta.url, tsconfig });
}

const { main } = await loadCommand();
process.exitCode = await main(process.argv.slice(2));
