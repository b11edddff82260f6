import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attwReport } from '../package/support/attw-report.js';
import { publintMessages } from '../package/support/publint-messages.js';
import { consumerProject, type ConsumerProject } from './support/consumer-project.js';
import {
  compileErrors,
  projectDir,
  TYPESCRIPT_PROJECTS,
  writeTypeScriptProjects,
} from './support/typescript-projects.js';
import { typeScriptVersions, type TypeScriptVersion } from './support/typescript-versions.js';

// The packed tarball's types as TypeScript users compile them: every module setting, with
// skipLibCheck off (so errors inside the shipped .d.ts/.d.cts count), under TypeScript 5.9, 6
// and 7; and publint and attw on the tarball itself.

let project: ConsumerProject;
let compilers: TypeScriptVersion[];

beforeAll(async () => {
  [project, compilers] = await Promise.all([consumerProject(), typeScriptVersions()]);
  await writeTypeScriptProjects(project.scratchDir);
}, 300_000);
afterAll(async () => {
  if (project) await rm(project.scratchDir, { recursive: true, force: true });
});

describe('TypeScript consumers of the packed tarball', () => {
  it.for(TYPESCRIPT_PROJECTS)(
    '$name compiles under TypeScript 5.9, 6 and 7',
    { timeout: 300_000 },
    async (consumer) => {
      const dir = projectDir(project.scratchDir, consumer);
      const errors: Record<string, string[]> = {};
      for (const compiler of compilers)
        errors[compiler.name] = await compileErrors(compiler.tsc, dir);
      expect(errors).toEqual(Object.fromEntries(compilers.map((compiler) => [compiler.name, []])));
    },
  );

  it('dom-only really has no Node types: `process` does not compile there', async () => {
    const dir = projectDir(project.scratchDir, TYPESCRIPT_PROJECTS.at(-1)!);
    const errors = await compileErrors(compilers[0]!.tsc, dir, 'tsconfig.node-control.json');
    expect(errors.join('\n')).toMatch(/Cannot find name 'process'/);
  }, 120_000);

  it('publint --strict finds nothing in the tarball', async () => {
    expect(await publintMessages(project.tarball)).toEqual([]);
  });

  it('attw finds no problem under node10, node16 (CommonJS and ESM) or bundler', async () => {
    expect((await attwReport(project.tarball)).problems).toEqual([]);
  }, 120_000);
});
