/**
 * MD5 of some bytes, hex-encoded: the name the deployed server gives a finalized file. Written out
 * (RFC 1321) because the simulator also runs in browsers, where Web Crypto has no MD5 (and no
 * `crypto.subtle` at all on plain-http pages). A name, not a security measure.
 */
export function md5Hex(bytes: Uint8Array): string {
  const words = padded(bytes);
  const state = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  for (let block = 0; block < words.length; block += 16) compress(state, words, block);
  return state
    .map((word) => {
      let hex = '';
      for (let i = 0; i < 4; i += 1)
        hex += ((word >>> (i * 8)) & 0xff).toString(16).padStart(2, '0');
      return hex;
    })
    .join('');
}

const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const SINES = Array.from(
  { length: 64 },
  (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0,
);

/** The message as little-endian words: the bytes, a 1 bit, zeros, and its bit length. */
function padded(bytes: Uint8Array): Uint32Array {
  const blocks = Math.floor((bytes.length + 8) / 64) + 1;
  const words = new Uint32Array(blocks * 16);
  for (let i = 0; i < bytes.length; i += 1) words[i >> 2]! |= bytes[i]! << ((i % 4) * 8);
  words[bytes.length >> 2]! |= 0x80 << ((bytes.length % 4) * 8);
  const bits = bytes.length * 8;
  words[blocks * 16 - 2] = bits >>> 0;
  words[blocks * 16 - 1] = Math.floor(bits / 2 ** 32);
  return words;
}

function compress(state: number[], words: Uint32Array, block: number): void {
  let [a, b, c, d] = state as [number, number, number, number];
  for (let i = 0; i < 64; i += 1) {
    const round = i >> 4;
    const [f, g] =
      round === 0
        ? [(b & c) | (~b & d), i]
        : round === 1
          ? [(d & b) | (~d & c), (5 * i + 1) % 16]
          : round === 2
            ? [b ^ c ^ d, (3 * i + 5) % 16]
            : [c ^ (b | ~d), (7 * i) % 16];
    const sum = (a + f + SINES[i]! + words[block + g]!) >>> 0;
    const shift = SHIFTS[round * 4 + (i % 4)]!;
    [a, d, c] = [d, c, b];
    b = (b + ((sum << shift) | (sum >>> (32 - shift)))) >>> 0;
  }
  state[0] = (state[0]! + a) >>> 0;
  state[1] = (state[1]! + b) >>> 0;
  state[2] = (state[2]! + c) >>> 0;
  state[3] = (state[3]! + d) >>> 0;
}
