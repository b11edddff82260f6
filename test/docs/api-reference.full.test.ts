import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  Application,
  Logger,
  LogLevel,
  PackageJsonReader,
  ReflectionKind,
  TSConfigReader,
  TypeDocReader,
  type JSONOutput,
} from 'typedoc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The API reference (`npm run docs`, typedoc.json) in CI: typedoc runs with the repo's own config
// into a temp dir as JSON, must report nothing, and every public export of every entry, and every
// public method of an exported class, must have a summary and an `@example`.

const root = resolve(import.meta.dirname, '../..');

/** The package's code entries (`seatpay`, `seatpay/mock` ...), from package.json `exports`. */
async function packageEntries(): Promise<string[]> {
  const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
    name: string;
    exports: Record<string, unknown>;
  };
  return (
    Object.keys(manifest.exports)
      // The JSON documents (`seatpay/openapi.json` ...) are data, described in docs/openapi.md.
      .filter((subpath) => !subpath.endsWith('.json'))
      .map((subpath) => (subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`))
      .sort()
  );
}

type Declaration = JSONOutput.DeclarationReflection;
type Comment = JSONOutput.Comment;

/** Kinds whose own methods need docs too (a class exported as a type becomes an interface). */
const WITH_METHODS = [ReflectionKind.Class, ReflectionKind.Interface];

/** Keeps what typedoc reports instead of printing it. */
class CollectingLogger extends Logger {
  readonly reported: string[] = [];
  override log(message: string, level: LogLevel): void {
    if (level >= LogLevel.Warn) this.reported.push(`${LogLevel[level]}: ${message}`);
  }
}

let scratch: string;
let project: JSONOutput.ProjectReflection;
let logger: CollectingLogger;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'seatpay-docs-'));
  const started = performance.now();
  const app = await Application.bootstrapWithPlugins(
    {
      options: join(root, 'typedoc.json'),
      tsconfig: join(root, 'tsconfig.json'),
      // `tsc --noEmit` is the type check; here typedoc only reads the comments, twice as fast.
      skipErrorChecking: true,
      // Source file names for the failure messages, without asking git for a remote.
      disableSources: false,
      disableGit: true,
      sourceLinkTemplate: '{path}',
    },
    [new TypeDocReader(), new PackageJsonReader(), new TSConfigReader()],
  );
  const bootstrapLogger = app.logger;
  logger = new CollectingLogger();
  app.logger = logger;
  if (bootstrapLogger.hasErrors() || bootstrapLogger.hasWarnings()) {
    logger.reported.push('typedoc.json: typedoc reported option problems (run `npm run docs`)');
  }
  const converted = await app.convert();
  if (!converted) throw new Error(`typedoc could not convert:\n${logger.reported.join('\n')}`);
  app.validate(converted);
  const out = join(scratch, 'api.json');
  await app.generateJson(converted, out);
  project = JSON.parse(await readFile(out, 'utf8')) as JSONOutput.ProjectReflection;
  console.log(`typedoc: ${Math.round(performance.now() - started)} ms`);
});

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

function hasSummary(comment: Comment | undefined): boolean {
  return comment?.summary.some((part) => part.text.trim() !== '') ?? false;
}

function hasExample(comment: Comment | undefined): boolean {
  return comment?.blockTags?.some((tag) => tag.tag === '@example') ?? false;
}

/** Functions and methods carry their comment on each signature; everything else on itself. */
function commentsOf(declaration: Declaration): (Comment | undefined)[] {
  const signatures = declaration.signatures ?? [];
  return signatures.length ? signatures.map((s) => s.comment) : [declaration.comment];
}

function where(declaration: Declaration): string {
  const file = declaration.sources?.[0]?.fileName;
  return file ? ` (${file})` : '';
}

/** What a declaration lacks: "summary", "@example", or both. */
function missing(declaration: Declaration): string[] {
  const comments = commentsOf(declaration);
  return [
    ...(comments.every(hasSummary) ? [] : ['summary']),
    ...(comments.every(hasExample) ? [] : ['@example']),
  ];
}

/** Public methods a declaration has of its own (inherited ones are documented where declared). */
function ownMethods(declaration: Declaration): Declaration[] {
  return (declaration.children ?? []).filter(
    (child) =>
      child.kind === ReflectionKind.Method &&
      !child.inheritedFrom &&
      !child.flags.isPrivate &&
      !child.flags.isProtected,
  );
}

/** The reference's sidebar sections, in typedoc.json's `categoryOrder`. */
const CATEGORIES = [
  'Client',
  'Resources',
  'Helpers',
  'Errors',
  'Journals',
  'Schemas and types',
  'Simulator',
  'Node',
  'PostgreSQL',
];

/** Each category of a module, with the names it holds (from typedoc's ids). */
function categoriesOf(module: Declaration): Map<string, string[]> {
  const names = new Map((module.children ?? []).map((child) => [child.id, child.name]));
  return new Map(
    (module.categories ?? []).map((category) => [
      category.title,
      (category.children ?? []).map((id) => names.get(id) ?? String(id)),
    ]),
  );
}

describe('API reference (typedoc)', () => {
  it('builds without a warning or an error', () => {
    const reported = logger.reported;
    expect(reported.length, `typedoc reported:\n${reported.join('\n')}`).toBe(0);
  });

  it('covers every entry of package.json, named and described', async () => {
    const modules = project.children ?? [];
    const found = modules.map((module) => module.name).sort();
    const message = 'typedoc.json lists each entry; a `@module seatpay/...` tag names it';
    expect(found, message).toEqual(await packageEntries());
    const undescribed = modules.filter((module) => !hasSummary(module.comment));
    expect(undescribed.map((module) => module.name)).toEqual([]);
  });

  it('files every export of every entry under one of the sections, by its @category tag', () => {
    const misfiled: string[] = [];
    const seen = new Set<string>();
    for (const module of project.children ?? []) {
      const categories = categoriesOf(module);
      const filed = new Set([...categories.values()].flat());
      for (const [title, names] of categories) {
        seen.add(title);
        if (!CATEGORIES.includes(title))
          misfiled.push(`${module.name}: ${names.join(', ')} in "${title}"`);
      }
      const unfiled = (module.children ?? []).filter((child) => !filed.has(child.name));
      if (unfiled.length)
        misfiled.push(`${module.name}: ${unfiled.map((c) => c.name).join(', ')} in none`);
    }
    expect(misfiled, 'exports outside the sections (add a @category tag)').toEqual([]);
    expect([...seen].sort()).toEqual([...CATEGORIES].sort());
    // The main entry's sections, spot-checked: a class lands where a newcomer looks for it.
    const main = categoriesOf(project.children!.find((module) => module.name === 'seatpay')!);
    expect(main.get('Client')).toContain('createClient');
    expect(main.get('Resources')).toContain('SeatsResource');
    expect(main.get('Helpers')).toContain('memoryJournal');
    expect(main.get('Errors')).toContain('PurchaseError');
    expect(main.get('Schemas and types')).toContain('SeatInput');
  });

  it('documents every public export and method with a summary and an @example', () => {
    const gaps: string[] = [];
    for (const module of project.children ?? []) {
      for (const declaration of module.children ?? []) {
        // A re-export of something already listed is documented where it is listed.
        if (declaration.kind === ReflectionKind.Reference) continue;
        const name = `${module.name}.${declaration.name}`;
        const lacks = missing(declaration);
        if (lacks.length) gaps.push(`${name}${where(declaration)}: no ${lacks.join(', no ')}`);
        if (!WITH_METHODS.includes(declaration.kind)) continue;
        for (const method of ownMethods(declaration)) {
          const methodLacks = missing(method);
          if (methodLacks.length) {
            gaps.push(`${name}.${method.name}${where(method)}: no ${methodLacks.join(', no ')}`);
          }
        }
      }
    }
    expect(gaps.length, `${gaps.length} undocumented:\n${gaps.join('\n')}`).toBe(0);
  });
});
