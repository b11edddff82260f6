import { execFile } from 'node:child_process';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);
const PROGRAMS = join(import.meta.dirname, '..', 'typescript');

/** One consumer project: how its package.json and tsconfig.json set modules up. */
export interface TypeScriptProject {
  name: string;
  type: 'module' | 'commonjs';
  compilerOptions: Record<string, unknown>;
  /** Whether @types/node is there (and so the Node-only entries are compiled too). */
  node: boolean;
}

export const TYPESCRIPT_PROJECTS: TypeScriptProject[] = [
  {
    name: 'node16-cjs',
    type: 'commonjs',
    node: true,
    compilerOptions: { module: 'node16', moduleResolution: 'node16' },
  },
  {
    name: 'node16-esm',
    type: 'module',
    node: true,
    compilerOptions: { module: 'node16', moduleResolution: 'node16' },
  },
  {
    name: 'nodenext',
    type: 'module',
    node: true,
    compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext' },
  },
  {
    name: 'bundler',
    type: 'module',
    node: true,
    compilerOptions: { module: 'preserve', moduleResolution: 'bundler' },
  },
  // A browser app: DOM types only, no @types/node anywhere it can resolve.
  {
    name: 'dom-only',
    type: 'module',
    node: false,
    compilerOptions: { module: 'preserve', moduleResolution: 'bundler', types: [] },
  },
];

/**
 * Writes the projects into the consumer project (where `seatpay` is installed). Those with Node
 * types sit under node-types/, which alone has @types/node installed; dom-only sits beside it.
 */
export async function writeTypeScriptProjects(scratchDir: string): Promise<void> {
  const nodeTypes = join(scratchDir, 'node-types');
  await mkdir(nodeTypes, { recursive: true });
  await writeFile(join(nodeTypes, 'package.json'), JSON.stringify({ private: true }));
  await exec('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '@types/node@24'], {
    cwd: nodeTypes,
  });
  for (const project of TYPESCRIPT_PROJECTS) {
    const dir = projectDir(scratchDir, project);
    await mkdir(dir, { recursive: true });
    await writeFile(
      join(dir, 'package.json'),
      JSON.stringify({ private: true, type: project.type }),
    );
    const files = project.node ? ['program.ts', 'node-program.ts'] : ['program.ts'];
    for (const file of files) await copyFile(join(PROGRAMS, file), join(dir, file));
    const compilerOptions = {
      strict: true,
      skipLibCheck: false,
      noEmit: true,
      target: 'es2022',
      lib: ['es2022', 'dom'],
      ...project.compilerOptions,
    };
    await writeFile(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions, files }, null, 2),
    );
  }
  // The control for dom-only: a use of Node's globals there must fail for want of Node's types.
  const domOnly = join(scratchDir, 'dom-only');
  await writeFile(join(domOnly, 'uses-node.ts'), 'export const home = process.env.HOME;\n');
  const control = { extends: './tsconfig.json', files: ['uses-node.ts'] };
  await writeFile(join(domOnly, 'tsconfig.node-control.json'), JSON.stringify(control));
}

export const projectDir = (scratchDir: string, project: TypeScriptProject): string =>
  project.node ? join(scratchDir, 'node-types', project.name) : join(scratchDir, project.name);

/** tsc's error lines for one project (none when it compiles). */
export function compileErrors(
  tsc: string,
  dir: string,
  config = 'tsconfig.json',
): Promise<string[]> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [tsc, '-p', config, '--pretty', 'false'],
      { cwd: dir, timeout: 120_000 },
      (error, stdout, stderr) => {
        const lines = `${stdout}${stderr}`.split('\n').filter((line) => line.trim() !== '');
        done(error && lines.length === 0 ? [`tsc failed: ${error.message}`] : lines);
      },
    );
  });
}
