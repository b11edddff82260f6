// HMAC-SHA-256 (RFC 2104, FIPS 180-4) in plain JavaScript, for the owner of a key: one MAC per
// keyed call. Web Crypto's `sign` is asynchronous and costs a trip to a worker thread per call
// (about a tenth of a keyed checkout's profile, issue 37); two compressions of a short message
// cost microseconds.

/** The first 64 primes: SHA-256's constants are the fractions of their roots (FIPS 180-4, 4.2.2). */
const PRIMES: number[] = [];
for (let n = 2; PRIMES.length < 64; n++) if (PRIMES.every((p) => n % p)) PRIMES.push(n);
/** The first 32 bits of a root's fraction (a double holds 50 of them: exact, tested). */
const fraction = (root: number) => ((root - Math.floor(root)) * 2 ** 32) >>> 0;
const K = Uint32Array.from(PRIMES, (p) => fraction(Math.cbrt(p)));
const INITIAL = PRIMES.slice(0, 8).map((p) => fraction(Math.sqrt(p)));
const BLOCK = 64;
/** The message schedule, reused: the code runs to the end without yielding. */
const SCHEDULE = new Uint32Array(64);

/** Mixes one 64-byte block of `bytes` at `at` into `state` (eight words). */
function compress(state: Uint32Array, bytes: Uint8Array, at: number, w: Uint32Array): void {
  for (let i = 0; i < 16; i++, at += 4) {
    w[i] = (bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!;
  }
  for (let i = 16; i < 64; i++) {
    const a = w[i - 15]!;
    const b = w[i - 2]!;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + s1 + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = state[0]! + a;
  state[1] = state[1]! + b;
  state[2] = state[2]! + c;
  state[3] = state[3]! + d;
  state[4] = state[4]! + e;
  state[5] = state[5]! + f;
  state[6] = state[6]! + g;
  state[7] = state[7]! + h;
}

/** The running state, reused as SCHEDULE is. */
const WORKING = new Uint32Array(8);

/** The padded message of a short one (most: a key's owner, the inner digest), reused. */
const PADDED = new Uint8Array(2 * BLOCK);
/** The inner digest, reused: the outer hash reads it at once. */
const INNER = new Uint8Array(32);

/**
 * SHA-256 of `message`, continued from `state` after `done` bytes already hashed (whole blocks),
 * into `digest`. A message of up to two blocks padded is padded in place of the last (no array per
 * hash: issue 37), that place zeroed once hashed.
 */
function finish(
  state: Uint32Array,
  message: Uint8Array,
  done: number,
  digest = new Uint8Array(32),
): Uint8Array {
  const length = message.length;
  const end = Math.ceil((length + 9) / BLOCK) * BLOCK;
  const padded = end <= PADDED.length ? PADDED : new Uint8Array(end);
  padded.set(message);
  padded[length] = 0x80;
  const bits = (done + length) * 8;
  writeWord(padded, end - 8, Math.floor(bits / 2 ** 32));
  writeWord(padded, end - 4, bits >>> 0);
  const next = WORKING;
  next.set(state);
  for (let at = 0; at < end; at += BLOCK) compress(next, padded, at, SCHEDULE);
  padded.fill(0, 0, end);
  for (let i = 0; i < 8; i++) writeWord(digest, i * 4, next[i]!);
  return digest;
}

/** `word` big-endian at `at` (no DataView: one fewer object per hash). */
function writeWord(bytes: Uint8Array, at: number, word: number): void {
  bytes[at] = word >>> 24;
  bytes[at + 1] = word >>> 16;
  bytes[at + 2] = word >>> 8;
  bytes[at + 3] = word;
}

/** The state after one block: the key XOR a pad (the key at most 64 bytes, as the owner's is). */
function padState(key: Uint8Array, pad: number): Uint32Array {
  const block = new Uint8Array(BLOCK).fill(pad);
  for (let i = 0; i < key.length; i++) block[i] = key[i]! ^ pad;
  const state = Uint32Array.from(INITIAL);
  compress(state, block, 0, SCHEDULE);
  return state;
}

/**
 * An HMAC-SHA-256 key, kept as its two padded states (never the key bytes): `sign` computes
 * exactly what Web Crypto's HMAC with SHA-256 does for a key of 64 bytes or fewer.
 */
export class HmacSha256 {
  readonly #inner: Uint32Array;
  readonly #outer: Uint32Array;

  constructor(key: Uint8Array) {
    if (key.length > BLOCK) throw new RangeError('an HMAC key of at most 64 bytes');
    this.#inner = padState(key, 0x36);
    this.#outer = padState(key, 0x5c);
  }

  sign(message: Uint8Array): Uint8Array {
    return finish(this.#outer, finish(this.#inner, message, BLOCK, INNER), BLOCK);
  }

  /** Printed or serialized: nothing of the key. */
  toJSON(): object {
    return {};
  }
}
