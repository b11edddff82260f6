import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { repoRoot } from './pack-and-install.js';

/** The resolution modes attw's default (strict) profile checks, as its JSON names them. */
export const RESOLUTIONS = ['node10', 'node16-cjs', 'node16-esm', 'bundler'] as const;

interface AttwProblem {
  kind: string;
  entrypoint?: string;
  resolutionKind?: string;
  fileName?: string;
}

interface AttwJson {
  analysis: {
    entrypoints: Record<string, { resolutions: Record<string, unknown> }>;
    problems: AttwProblem[];
  };
}

export interface AttwReport {
  /** The resolution modes attw checked, per entry point: proof that it looked at each. */
  checked: Record<string, string[]>;
  /** One readable line per problem, with a link to attw's explanation. */
  problems: string[];
}

/**
 * Runs @arethetypeswrong/cli on the packed tarball with its default profile (node10, node16 from
 * CJS and from ESM, bundler) and no rule ignored. DefinitelyTyped is not consulted: the package
 * ships its own types, and the check stays offline.
 */
export function attwReport(tarballPath: string): Promise<AttwReport> {
  const cli = join(repoRoot, 'node_modules', '.bin', 'attw');
  const args = [cli, tarballPath, '--format', 'json', '--no-definitely-typed'];
  return new Promise((done, fail) => {
    // Run beside the tarball, where no .attw.json can quietly ignore rules: all options are above.
    const options = { cwd: dirname(tarballPath), maxBuffer: 64 * 1024 * 1024 };
    // attw exits with 1 when it finds problems; its JSON report is on stdout either way.
    execFile(process.execPath, args, options, (_, stdout, stderr) => {
      let report: AttwJson;
      try {
        report = JSON.parse(stdout) as AttwJson;
      } catch {
        fail(new Error(`attw printed no JSON report:\n${stderr}${stdout.slice(0, 2000)}`));
        return;
      }
      const { entrypoints, problems } = report.analysis;
      done({
        checked: Object.fromEntries(
          Object.entries(entrypoints).map(([entry, { resolutions }]) => [
            entry,
            Object.keys(resolutions),
          ]),
        ),
        problems: problems.map(readable),
      });
    });
  });
}

function readable(problem: AttwProblem): string {
  const where = [problem.entrypoint, problem.resolutionKind, problem.fileName].filter(Boolean);
  const docs = `https://github.com/arethetypeswrong/arethetypeswrong.github.io/blob/main/docs/problems/${problem.kind}.md`;
  return `${problem.kind} (${where.join(', ')}): ${docs}`;
}
