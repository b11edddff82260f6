import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

// newuser25: an editor's hover over a result (`const seats = await client.seats.list(id)`) showed
// the whole object the schema infers, member by member, down to `string | ... 1 more ... |
// undefined` for a checkout's receipt, where Stripe's or Octokit's name the type. The result
// types are interfaces over their schemas now: the hover says `Seat[]`, `CheckoutResult`. What
// an editor shows is asked of TypeScript's language service (what VS Code asks), on a user's file
// importing the built package by its name, as an installed package is imported.

const root = resolve(import.meta.dirname, '../..');
// Inside the package's folder, so that `import 'seatpay'` resolves to the package itself (dist/).
const scratch = join(root, '.tmp', `hover-names-${process.pid}`);
const file = join(scratch, 'app.ts');

const source = `import { createClient } from 'seatpay';
const client = createClient({ baseUrl: 'https://api.example.com', token: 'token' });
const plan = await client.plans.get('team-per-seat');
const preview = await client.checking.preview({ plans: ['team-per-seat'], team_seats: 3 });
const { subscriptions } = await client.subscriptions.list();
const team = await client.billingTeam.get(1);
const seats = await client.seats.list(1);
const items = await client.consumables.items();
const receipt = await client.consumables.checkout({ service: 'ai-credits', how_many: 1, subscription: 1 });
const session = await client.consumables.consume('ai-credits');
const kind = await client.media.operationType('media');
export { plan, preview, subscriptions, team, seats, items, receipt, session, kind };
`;

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What the hover over `name`'s declaration shows, as the editor's first line has it. */
function hovers(names: string[]): Record<string, string> {
  mkdirSync(scratch, { recursive: true });
  writeFileSync(file, source);
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    types: [],
  };
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [file],
    getScriptVersion: () => '1',
    getScriptSnapshot: (path) =>
      ts.sys.fileExists(path)
        ? ts.ScriptSnapshot.fromString(readFileSync(path, 'utf8'))
        : undefined,
    getCurrentDirectory: () => scratch,
    getCompilationSettings: () => options,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const service = ts.createLanguageService(host);
  const errors = service.getSemanticDiagnostics(file).map((d) => d.messageText);
  expect(errors).toEqual([]);
  return Object.fromEntries(
    names.map((name) => {
      const at = source.indexOf(`const ${name} =`) + 'const '.length;
      const shown = service.getQuickInfoAtPosition(file, at);
      return [name, ts.displayPartsToString(shown?.displayParts)];
    }),
  );
}

describe('what an editor shows over a result', () => {
  it('names its type, as the API reference does', () => {
    expect(
      hovers(['plan', 'preview', 'team', 'seats', 'items', 'receipt', 'session', 'kind']),
    ).toEqual({
      plan: 'const plan: Plan',
      preview: 'const preview: Checking',
      team: 'const team: BillingTeam',
      seats: 'const seats: Seat[]',
      items: 'const items: Consumable[]',
      receipt: 'const receipt: CheckoutResult',
      session: 'const session: ConsumptionSession',
      kind: 'const kind: OperationType',
    });
  });
});
