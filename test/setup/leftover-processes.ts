import { readdirSync, readFileSync } from 'node:fs';

// Global setup of both projects: when the run ends, no process a test started may still be
// running (a simulator, a PostgreSQL server, a bin). Tests stop what they start; this is the net
// under them for a test that failed, timed out or was torn down half-way (a simulator was once
// found alive an hour after a failed run). It names each leftover on stderr, so the leak shows
// in the run's output, and ends it.
//
// A leftover is a process of this run's process group (children inherit it) that started after
// this run did, is not this process or one of its ancestors, and is either this process's
// descendant or an orphan (its parent is gone, so it was re-parented outside the group). A shell
// pipeline's other members (`vitest | tee`) are the shell's children, never orphans: left alone.
// Linux only (/proc); elsewhere this does nothing.

interface ProcessStat {
  pid: number;
  ppid: number;
  pgid: number;
  /** Clock ticks after boot at which the process started. */
  startedAt: number;
  /** Ended, and only waiting for its parent to read its exit status (nothing to end). */
  zombie: boolean;
}

function statOf(pid: number | 'self'): ProcessStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: read after its last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      pid: Number(text.slice(0, text.indexOf(' '))),
      ppid: Number(fields[1]),
      pgid: Number(fields[2]),
      startedAt: Number(fields[19]),
      zombie: fields[0] === 'Z',
    };
  } catch {
    return undefined;
  }
}

function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '?';
  }
}

function allProcesses(): Map<number, ProcessStat> {
  const stats = new Map<number, ProcessStat>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = statOf(Number(name));
    if (stat) stats.set(stat.pid, stat);
  }
  return stats;
}

/** The processes left behind by this run (see the top of this file). */
function leftovers(self: ProcessStat): ProcessStat[] {
  const stats = allProcesses();
  const ancestors = new Set<number>();
  for (let pid = self.ppid; pid > 1 && !ancestors.has(pid); pid = stats.get(pid)?.ppid ?? 0)
    ancestors.add(pid);
  const isDescendant = (stat: ProcessStat) => {
    const seen = new Set<number>();
    for (let pid = stat.ppid; pid > 1 && !seen.has(pid); pid = stats.get(pid)?.ppid ?? 0) {
      if (pid === self.pid) return true;
      seen.add(pid);
    }
    return false;
  };
  // The runner's own workers, which may not have exited yet when global teardown runs.
  const isVitestWorker = (stat: ProcessStat) =>
    stat.ppid === self.pid && commandLineOf(stat.pid).includes('vitest');
  const isOrphan = (stat: ProcessStat) => stats.get(stat.ppid)?.pgid !== self.pgid;
  return [...stats.values()].filter(
    (stat) =>
      stat.pgid === self.pgid &&
      !stat.zombie &&
      stat.pid !== self.pid &&
      !ancestors.has(stat.pid) &&
      stat.startedAt >= self.startedAt &&
      !isVitestWorker(stat) &&
      (isDescendant(stat) || isOrphan(stat)),
  );
}

export default function watchForLeftovers(): (() => void) | undefined {
  const self = statOf('self');
  if (!self) return undefined;
  return () => {
    const left = leftovers(self);
    for (const stat of left) {
      console.error(
        `left behind by a test, now ended: pid ${stat.pid}: ${commandLineOf(stat.pid).slice(0, 200)}`,
      );
      try {
        process.kill(stat.pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
  };
}
