import { defineConfig } from 'tsup';

// No source maps in the published build: they were 1.9 MB of the 3.1 MB unpacked package (their
// sources embedded), for code that is plain, unminified ESM and CommonJS users can read as is.

// Entries that exist are built; `mock` and `node` join as their sources land.
import { existsSync } from 'node:fs';
import type { Plugin } from 'esbuild';
const entry = Object.fromEntries(
  Object.entries({
    index: 'src/index.ts',
    mock: 'src/mock/index.ts',
    'mock-msw': 'src/mock/msw.ts',
    node: 'src/node.ts',
    postgres: 'src/postgres.ts',
    // `#platform` (package.json imports): the main entry imports it, unbundled, and the export
    // conditions pick one of these two.
    'platform-web': 'src/platform/selected.ts',
    'platform-node': 'src/platform/selected.node.ts',
  }).filter(([, file]) => existsSync(file)),
);

// The `seatpay` command (bin/seatpay.js runs command.js) is a user of the package: its imports of
// the entries (`../index.js`, `../node.js`) become imports of `seatpay` and `seatpay/node`, which
// Node resolves to this package itself. So it is built on its own: the library's bundles and
// chunks stay exactly as they are without it.
const entriesAsPackage: Plugin = {
  name: 'seatpay-entries-as-package',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/(index|node|postgres)\.js$/ }, ({ path }) => {
      const name = /^\.\.\/(\w+)\.js$/.exec(path)![1];
      return { path: name === 'index' ? 'seatpay' : `seatpay/${name}`, external: true };
    });
  },
};

export default defineConfig([
  {
    // ESM: dependencies stay external so users' bundlers dedupe and tree-shake them. The
    // `seatpay-mock` command (bin/seatpay-mock.js) runs mock-cli.js; it is ESM only, like the bin.
    // `page-side` (src/page-side.ts): an entry only so that what the main entry exports and only
    // the parts loaded on first use need lands in chunks apart from the page's (see that file).
    entry: { ...entry, 'mock-cli': 'src/mock/cli/main.ts', 'page-side': 'src/page-side.ts' },
    format: ['esm'],
    dts: { entry: { ...entry, 'mock-cli': 'src/mock/cli/main.ts' } },
    sourcemap: false,
    clean: true,
    target: 'es2022',
    splitting: true,
    treeshake: true,
    external: ['#platform'],
    // Keep `node:` on built-in imports: tsup strips it by default, and `node:sqlite` (fileJournal)
    // exists only with it (`import('sqlite')` fails in every Node).
    removeNodeProtocol: false,
  },
  {
    // CommonJS: ky and p-retry are ESM-only, and esbuild's interop breaks `require` of ESM-only
    // packages (`default.x is not a function`, toolchain.md §3), so they are inlined here.
    entry,
    format: ['cjs'],
    dts: true,
    sourcemap: false,
    target: 'es2022',
    noExternal: ['ky', 'p-retry', 'is-network-error'],
    external: ['#platform'],
    removeNodeProtocol: false,
  },
  {
    entry: { command: 'src/command/main.ts' },
    format: ['esm'],
    dts: false,
    sourcemap: false,
    target: 'es2022',
    platform: 'node',
    removeNodeProtocol: false,
    esbuildPlugins: [entriesAsPackage],
  },
]);
