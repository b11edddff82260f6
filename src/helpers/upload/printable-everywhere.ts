/**
 * The code points every deployed server keeps in a file name, whatever the Unicode version of its
 * Python: Django drops what `str.isprintable()` is false for (categories C* and Z*, but ' '), and
 * that is decided by the Python's own Unicode tables. A character a newer Unicode assigned (an
 * emoji of Unicode 15) is printable to a newer engine and unassigned, dropped, to an older Python;
 * a name holding it was filed under another name than the one sent, every time. These are the
 * characters already printable in Unicode 3.2 (Python's `unicodedata.ucd_3_2_0`), the oldest
 * table any Python 3 has, and still printable in Unicode 14 (U+00AD is not): every Python 3 keeps
 * them. Runs, in hex: the gap before a run and its length less one, alternately, from U+0000.
 */
const RUNS =
  '20 5e 22 b 1 172 1 11 1c 5d 2 3e 11 4f 10 f 4 1 4 0 3 0 5 6 1 0 1 13 1 2b 1 26 9 86 1 46 1 25 2 1 6 f 21 25 2 6 1 26 1 1 6 10 1 16 1 9 b 1a 5 4 17 0 e 0 3 0 1 19 5 15 a 7c 1 f 2 e 1 d 2 1c 3 1a 35 31 14f 2 1 34 2 11 2 4 3 18 10 2 1 7 2 1 2 15 1 6 1 0 3 3 2 0 1 6 2 1 2 2 9 0 4 1 1 4 2 14 7 0 2 5 4 1 2 15 1 6 1 1 1 1 1 1 2 0 1 4 4 1 2 2 b 3 1 0 7 e c 2 1 6 1 0 1 2 1 15 1 6 1 1 1 4 2 9 1 2 1 2 2 0 f 0 5 9 11 2 1 7 2 1 2 15 1 6 1 1 2 3 2 7 3 1 2 2 8 1 4 1 1 2 4 a 11 1 1 5 3 2 1 3 3 1 1 0 1 1 3 1 3 2 3 7 1 2 4 4 3 2 1 3 9 0 f b e 2 1 7 1 2 1 16 1 9 1 4 4 6 1 2 1 3 7 1 9 1 4 9 12 1 1 7 1 2 1 16 1 9 1 4 4 6 1 2 1 3 7 1 7 0 1 1 4 9 12 1 1 7 1 2 1 16 1 f 4 5 2 2 1 3 9 0 8 1 4 9 12 1 1 11 3 17 1 8 1 0 2 6 3 0 4 5 1 0 1 7 12 2 c 39 4 1c 25 1 1 0 2 1 1 0 2 0 6 3 1 6 1 2 1 0 1 0 2 1 1 c 1 2 2 4 1 0 1 5 2 9 2 1 22 47 1 21 6 1a 4 7 1 23 1 e 2 0 30 21 1 4 1 1 1 6 3 3 6 19 46 25 a 28 2 0 4 59 5 43 5 51 6 6 1 3e 1 0 1 3 2 6 1 0 1 3 2 26 1 0 1 3 2 1e 1 0 1 3 2 6 1 0 1 3 2 6 1 6 1 16 1 1e 1 0 1 3 2 6 1 26 1 12 6 1b 23 54 c 275 a 1b 3 50 f c 1 6 b 16 9 13 c c 1 2 1 1 c 5c 3 9 16 d 2 9 6 57 8 29 556 9b 4 59 6 15 2 5 2 25 2 5 2 7 1 0 1 0 1 0 1 1e 2 34 1 e 1 d 2 5 1 12 2 2 1 8 11 17 8 22 4 0 18 1 2 1a 11 11 1e 1a 15 3a 2 e 7 30 c 23e 31 26 19 a 15 9e 1 113 2 1 1 64 2 9 77 3 1 3 2 1b 1 22 1 0 1 3 3 0 1 6 2 33 3 17 1 d 11 1b 4 30f 380 19 1 58 c d5 1a b 5 3e 1 55 2 66 5 27 4 5d 1 27 38 2c 3 23 d 2a 3 4c 4 2e 1 76 4 62 2 1e 1 19b5 4a 51a5 5a 48c 3 36 739 2ba3 215c 12d 2 3a 95 6 c 4 5 19 1 4 1 0 1 1 1 1 1 6b 21 16c 10 3f 2 35 28 c 3 f 10 3 c 16 2 9 1 12 1 3 4 4 1 86 4 bd 3 5 2 5 2 5 2 2 3 6 1 6 d 1 302 1e 1 3 c 1a b5 25 2 25 cbb2 f5 a 26 3 48 8 62 222 54 1 46 1 1 2 0 2 1 2 3 1 b 1 0 1 3 1 1 1 40 1 3 2 7 1 6 1 1b 1 3 1 4 1 0 3 6 1 151 4 121 4 31 2800 a6d6 5129 21d';

/** Each run's first and last code point, ascending; made from RUNS on first use. */
let runs: Array<readonly [number, number]> | undefined;

/** Whether every Python 3 calls the character `codePoint` printable. */
export function printableEverywhere(codePoint: number): boolean {
  runs ??= decoded(RUNS);
  let low = 0;
  let high = runs.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last] = runs[middle]!;
    if (codePoint < first) high = middle - 1;
    else if (codePoint > last) low = middle + 1;
    else return true;
  }
  return false;
}

function decoded(text: string): Array<readonly [number, number]> {
  const numbers = text.split(' ').map((digits) => parseInt(digits, 16));
  const decodedRuns: Array<readonly [number, number]> = [];
  for (let n = 0, next = 0; n < numbers.length; n += 2) {
    const first = next + numbers[n]!;
    next = first + numbers[n + 1]! + 1;
    decodedRuns.push([first, next - 1]);
  }
  return decodedRuns;
}
