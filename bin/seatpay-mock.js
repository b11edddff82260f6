#!/usr/bin/env node
/* global process, URL */
// `seatpay-mock`: the seatpay simulator on loopback (`seatpay-mock --help`). The command lives in
// src/mock/cli/: from a clone it runs that source through tsx, so it works before any build;
// from the installed package, its build in dist/.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const source = new URL('../src/mock/cli/main.ts', import.meta.url);

async function loadCommand() {
  if (!existsSync(fileURLToPath(source))) return import('../dist/mock-cli.js');
  const { tsImport } = await import('tsx/esm/api');
  return tsImport(source.href, import.meta.url);
}

const { main } = await loadCommand();
await main(process.argv.slice(2));
