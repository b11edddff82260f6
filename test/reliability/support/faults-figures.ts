import type { Logger } from '../../../src/index.js';
import { seededRandom, type RandomSource } from '../../../src/mock/index.js';

/** A fixed-seed generator (the simulator's mulberry32), so every run injects the same faults. */
export function seeded(seed: number): {
  chance: (p: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  random: RandomSource;
} {
  const random = seededRandom(seed);
  return {
    random,
    chance: (p) => random() < p,
    pick: (items) => items[Math.floor(random() * items.length)]!,
  };
}

/** A logger that keeps every line, to read what seatpay said (retries, waits) without timing it. */
export function recordingLogger(): Logger & { lines: string[]; reset: () => void } {
  const lines: string[] = [];
  const keep = (message: string) => void lines.push(message);
  return {
    lines,
    reset: () => void lines.splice(0),
    error: keep,
    warn: keep,
    info: keep,
    debug: keep,
  };
}

/** A markdown table, printed so CI output shows the figures. */
export function printTable(title: string, header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  const table = [
    `### ${title}`,
    '',
    line(header),
    line(header.map(() => '---')),
    ...rows.map(line),
  ].join('\n');
  console.log(`\n${table}\n`);
  return table;
}

/** Waits `ms` (to let a service finish work the client stopped waiting for; never a measurement). */
export const pause = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));
