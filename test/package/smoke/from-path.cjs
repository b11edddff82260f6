/* global process, console, require, __filename */
/* eslint-disable @typescript-eslint/no-require-imports -- require() is what this script checks */
// `seatpay/node` by CommonJS require: opens this very file and reads it back.
const { fromPath } = require('seatpay/node');

fromPath(__filename, { type: 'text/javascript' }).then(async (file) => {
  const bytes = await file.arrayBuffer();
  console.log(
    JSON.stringify({
      runtime: process.version,
      name: file.name,
      type: file.type,
      bytes: bytes.byteLength,
    }),
  );
});
