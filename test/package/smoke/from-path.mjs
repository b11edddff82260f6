/* global process, console */
// `seatpay/node` by ESM import: opens this very file and reads it back.
import { fileURLToPath } from 'node:url';
import { fromPath } from 'seatpay/node';

const file = await fromPath(fileURLToPath(import.meta.url), { type: 'text/javascript' });
const bytes = await file.arrayBuffer();
console.log(
  JSON.stringify({
    runtime: process.version,
    name: file.name,
    type: file.type,
    bytes: bytes.byteLength,
  }),
);
