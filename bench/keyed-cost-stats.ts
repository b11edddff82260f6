// The statistics of bench/keyed-cost.ts: the ratio of two arms' summed CPU over paired rounds, an
// interval for it by resampling the rounds, and whether that interval settles a goal.

/**
 * mulberry32, as the simulator's seededRandom, written out here: a measuring child bundles no
 * module of the bench's own checkout's sources, only the side's it measures (measure12).
 */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** CPU of one block of calls, µs (process.cpuUsage()). */
export interface Block {
  user: number;
  system: number;
}

/** What one run of the child hands keyed-cost.ts, on one line of its output after this prefix. */
export const DATA_PREFIX = 'keyed-cost-data ';

export interface RunData {
  calls: number;
  sides: Array<{
    label: string;
    subjects: Record<string, Array<{ subject: Block; plain: Block }>>;
  }>;
}

/** One round of a pair of arms: the CPU (any unit, the same for both) each arm used in it. */
export interface PairedRound {
  /** The arm measured (a keyed call). */
  subject: number;
  /** Its baseline in the same round (the plain call). */
  baseline: number;
}

/** The ratio of the two arms' summed CPU, and how far resampling the rounds moves it. */
export interface RatioInterval {
  /** Σ subject / Σ baseline over every round. */
  ratio: number;
  /** The 5th and 95th percentiles of that ratio over `resamples` bootstrap resamples of the rounds. */
  low: number;
  high: number;
  resamples: number;
}

const sumOf = (rounds: readonly PairedRound[], arm: keyof PairedRound) =>
  rounds.reduce((total, round) => total + round[arm], 0);

/**
 * The ratio of sums (not the median of per-round ratios: a round whose plain block happened to be
 * cheap weighs no more than its CPU), with a percentile bootstrap interval: rounds are drawn with
 * replacement, each keeping its two arms together, so what moves both arms at once (the machine's
 * load, the CPU's clock) cancels in each draw. 90 % two-sided, i.e. 95 % on each side.
 */
export function ratioInterval(
  rounds: readonly PairedRound[],
  resamples = 4000,
  seed = 37,
): RatioInterval {
  return nestedRatioInterval([rounds], resamples, seed);
}

/**
 * {@link ratioInterval} over several processes' runs: each draw picks runs with replacement, then
 * rounds with replacement within each picked run. A process's own luck (its JIT's choices, its
 * heap's layout: one run's ratio moved by 0.2 from the next one's, more than its rounds' spread
 * says) counts in the interval; one run alone cannot show it.
 */
export function nestedRatioInterval(
  runs: ReadonlyArray<readonly PairedRound[]>,
  resamples = 4000,
  seed = 37,
): RatioInterval {
  if (runs.length === 0 || runs.some((rounds) => rounds.length === 0)) {
    throw new Error('no rounds to compare');
  }
  // Seeded: the interval of a run is the same each time its rounds are, whatever else ran.
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const ratios: number[] = [];
  for (let draw = 0; draw < resamples; draw++) {
    let subject = 0;
    let baseline = 0;
    for (let r = 0; r < runs.length; r++) {
      const rounds = pick(runs);
      for (let i = 0; i < rounds.length; i++) {
        const round = pick(rounds);
        subject += round.subject;
        baseline += round.baseline;
      }
    }
    ratios.push(subject / baseline);
  }
  ratios.sort((a, b) => a - b);
  const at = (share: number) => ratios[Math.min(resamples - 1, Math.floor(resamples * share))]!;
  const all = runs.flat();
  return {
    ratio: sumOf(all, 'subject') / sumOf(all, 'baseline'),
    low: at(0.05),
    high: at(0.95),
    resamples,
  };
}

/**
 * Whether an interval settles "at most `goal` times the baseline": met when even its high end is
 * under the goal, missed when even its low end is over it, else not settled by this run.
 */
export function verdict(
  { low, high }: RatioInterval,
  goal: number,
): 'met' | 'missed' | 'not settled' {
  if (high <= goal) return 'met';
  if (low > goal) return 'missed';
  return 'not settled';
}

export const median = (list: readonly number[]) =>
  [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

/** `median [min-max]` of a list, as the earlier tables gave it. */
export const span = (list: readonly number[], digits: number) =>
  `${median(list).toFixed(digits)} [${Math.min(...list).toFixed(digits)}-${Math.max(...list).toFixed(digits)}]`;
