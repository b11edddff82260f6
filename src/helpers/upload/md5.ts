import type { IncrementalDigest } from '../../platform/platform.js';

/** The bytes copied at once into the aligned scratch buffer when the input is not 4-byte aligned. */
const SCRATCH_BYTES = 64 * 1024;
/** The words of a block are read straight from the input through an Int32Array where this holds. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * MD5 (RFC 1321) fed piece by piece: what the service names an assembled file by, computed over
 * the source as the upload reads it. Web Crypto has no MD5, so browsers, Workers, Deno and Bun use
 * this one (Node uses node:crypto through its platform); the upload chunk loads it only when an
 * upload checks its digest. A check of what the service assembled, not a security measure.
 *
 * Written for speed in a JavaScript engine (BENCHMARKS.md, issue 40): the 64 steps unrolled with
 * their constants inline, the state in locals across all the blocks of one update, the words read
 * through one Int32Array view of the input (or of a scratch copy where the input is unaligned),
 * and no allocation per block.
 */
export class Md5 implements IncrementalDigest {
  private readonly state = new Int32Array([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]);
  /** Aligned bytes waiting to be compressed: a block not yet complete, or an unaligned span. */
  private readonly scratch = new Uint8Array(SCRATCH_BYTES);
  private readonly scratchWords = new Int32Array(this.scratch.buffer);
  /** How many bytes of an incomplete block the scratch holds (less than 64). */
  private buffered = 0;
  private length = 0;

  update(bytes: Uint8Array): void {
    this.length += bytes.byteLength;
    this.absorb(bytes);
  }

  /** The digest, hex; the object is spent afterwards. */
  digest(): string {
    const bits = this.length * 8;
    const tail = new Uint8Array(this.buffered < 56 ? 64 - this.buffered : 128 - this.buffered);
    tail[0] = 0x80;
    const view = new DataView(tail.buffer);
    view.setUint32(tail.length - 8, bits >>> 0, true);
    view.setUint32(tail.length - 4, Math.floor(bits / 2 ** 32), true);
    this.absorb(tail);
    let hex = '';
    for (const word of this.state) {
      for (let shift = 0; shift < 32; shift += 8) {
        hex += ((word >>> shift) & 0xff).toString(16).padStart(2, '0');
      }
    }
    return hex;
  }

  private absorb(bytes: Uint8Array): void {
    let at = 0;
    if (this.buffered > 0) {
      const take = Math.min(64 - this.buffered, bytes.byteLength);
      for (let i = 0; i < take; i++) this.scratch[this.buffered + i] = bytes[i]!;
      this.buffered += take;
      at = take;
      if (this.buffered < 64) return;
      this.compressScratch(1);
      this.buffered = 0;
    }
    const blocks = (bytes.byteLength - at) >>> 6;
    if (blocks > 0) this.compressBlocks(bytes, at, blocks);
    at += blocks * 64;
    for (let i = 0; at + i < bytes.byteLength; i++) this.scratch[i] = bytes[at + i]!;
    this.buffered = bytes.byteLength - at;
  }

  /** Compresses `blocks` whole blocks of `bytes` from `at`, reading its words in place if it can. */
  private compressBlocks(bytes: Uint8Array, at: number, blocks: number): void {
    const offset = bytes.byteOffset + at;
    if (LITTLE_ENDIAN && offset % 4 === 0) {
      compress(this.state, new Int32Array(bytes.buffer, offset, blocks * 16), blocks);
      return;
    }
    // Unaligned (or a big-endian engine): through the scratch, a span at a time.
    for (let done = 0; done < blocks;) {
      const span = Math.min(blocks - done, SCRATCH_BYTES / 64);
      const start = at + done * 64;
      this.scratch.set(bytes.subarray(start, start + span * 64));
      this.compressScratch(span);
      done += span;
    }
  }

  private compressScratch(blocks: number): void {
    if (!LITTLE_ENDIAN) {
      const view = new DataView(this.scratch.buffer);
      for (let i = 0; i < blocks * 16; i++) this.scratchWords[i] = view.getInt32(i * 4, true);
    }
    compress(this.state, this.scratchWords, blocks);
  }
}

/** RFC 1321's transform over `blocks` blocks of 16 words each, from the start of `words`. */
function compress(state: Int32Array, words: Int32Array, blocks: number): void {
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let t: number;
  for (let block = 0, w = 0; block < blocks; block++, w += 16) {
    const aa = a;
    const bb = b;
    const cc = c;
    const dd = d;
    const x0 = words[w + 0]!;
    const x1 = words[w + 1]!;
    const x2 = words[w + 2]!;
    const x3 = words[w + 3]!;
    const x4 = words[w + 4]!;
    const x5 = words[w + 5]!;
    const x6 = words[w + 6]!;
    const x7 = words[w + 7]!;
    const x8 = words[w + 8]!;
    const x9 = words[w + 9]!;
    const x10 = words[w + 10]!;
    const x11 = words[w + 11]!;
    const x12 = words[w + 12]!;
    const x13 = words[w + 13]!;
    const x14 = words[w + 14]!;
    const x15 = words[w + 15]!;
    t = (a + (d ^ (b & (c ^ d))) + x0 + -680876936) | 0;
    a = (((t << 7) | (t >>> 25)) + b) | 0;
    t = (d + (c ^ (a & (b ^ c))) + x1 + -389564586) | 0;
    d = (((t << 12) | (t >>> 20)) + a) | 0;
    t = (c + (b ^ (d & (a ^ b))) + x2 + 606105819) | 0;
    c = (((t << 17) | (t >>> 15)) + d) | 0;
    t = (b + (a ^ (c & (d ^ a))) + x3 + -1044525330) | 0;
    b = (((t << 22) | (t >>> 10)) + c) | 0;
    t = (a + (d ^ (b & (c ^ d))) + x4 + -176418897) | 0;
    a = (((t << 7) | (t >>> 25)) + b) | 0;
    t = (d + (c ^ (a & (b ^ c))) + x5 + 1200080426) | 0;
    d = (((t << 12) | (t >>> 20)) + a) | 0;
    t = (c + (b ^ (d & (a ^ b))) + x6 + -1473231341) | 0;
    c = (((t << 17) | (t >>> 15)) + d) | 0;
    t = (b + (a ^ (c & (d ^ a))) + x7 + -45705983) | 0;
    b = (((t << 22) | (t >>> 10)) + c) | 0;
    t = (a + (d ^ (b & (c ^ d))) + x8 + 1770035416) | 0;
    a = (((t << 7) | (t >>> 25)) + b) | 0;
    t = (d + (c ^ (a & (b ^ c))) + x9 + -1958414417) | 0;
    d = (((t << 12) | (t >>> 20)) + a) | 0;
    t = (c + (b ^ (d & (a ^ b))) + x10 + -42063) | 0;
    c = (((t << 17) | (t >>> 15)) + d) | 0;
    t = (b + (a ^ (c & (d ^ a))) + x11 + -1990404162) | 0;
    b = (((t << 22) | (t >>> 10)) + c) | 0;
    t = (a + (d ^ (b & (c ^ d))) + x12 + 1804603682) | 0;
    a = (((t << 7) | (t >>> 25)) + b) | 0;
    t = (d + (c ^ (a & (b ^ c))) + x13 + -40341101) | 0;
    d = (((t << 12) | (t >>> 20)) + a) | 0;
    t = (c + (b ^ (d & (a ^ b))) + x14 + -1502002290) | 0;
    c = (((t << 17) | (t >>> 15)) + d) | 0;
    t = (b + (a ^ (c & (d ^ a))) + x15 + 1236535329) | 0;
    b = (((t << 22) | (t >>> 10)) + c) | 0;
    t = (a + (c ^ (d & (b ^ c))) + x1 + -165796510) | 0;
    a = (((t << 5) | (t >>> 27)) + b) | 0;
    t = (d + (b ^ (c & (a ^ b))) + x6 + -1069501632) | 0;
    d = (((t << 9) | (t >>> 23)) + a) | 0;
    t = (c + (a ^ (b & (d ^ a))) + x11 + 643717713) | 0;
    c = (((t << 14) | (t >>> 18)) + d) | 0;
    t = (b + (d ^ (a & (c ^ d))) + x0 + -373897302) | 0;
    b = (((t << 20) | (t >>> 12)) + c) | 0;
    t = (a + (c ^ (d & (b ^ c))) + x5 + -701558691) | 0;
    a = (((t << 5) | (t >>> 27)) + b) | 0;
    t = (d + (b ^ (c & (a ^ b))) + x10 + 38016083) | 0;
    d = (((t << 9) | (t >>> 23)) + a) | 0;
    t = (c + (a ^ (b & (d ^ a))) + x15 + -660478335) | 0;
    c = (((t << 14) | (t >>> 18)) + d) | 0;
    t = (b + (d ^ (a & (c ^ d))) + x4 + -405537848) | 0;
    b = (((t << 20) | (t >>> 12)) + c) | 0;
    t = (a + (c ^ (d & (b ^ c))) + x9 + 568446438) | 0;
    a = (((t << 5) | (t >>> 27)) + b) | 0;
    t = (d + (b ^ (c & (a ^ b))) + x14 + -1019803690) | 0;
    d = (((t << 9) | (t >>> 23)) + a) | 0;
    t = (c + (a ^ (b & (d ^ a))) + x3 + -187363961) | 0;
    c = (((t << 14) | (t >>> 18)) + d) | 0;
    t = (b + (d ^ (a & (c ^ d))) + x8 + 1163531501) | 0;
    b = (((t << 20) | (t >>> 12)) + c) | 0;
    t = (a + (c ^ (d & (b ^ c))) + x13 + -1444681467) | 0;
    a = (((t << 5) | (t >>> 27)) + b) | 0;
    t = (d + (b ^ (c & (a ^ b))) + x2 + -51403784) | 0;
    d = (((t << 9) | (t >>> 23)) + a) | 0;
    t = (c + (a ^ (b & (d ^ a))) + x7 + 1735328473) | 0;
    c = (((t << 14) | (t >>> 18)) + d) | 0;
    t = (b + (d ^ (a & (c ^ d))) + x12 + -1926607734) | 0;
    b = (((t << 20) | (t >>> 12)) + c) | 0;
    t = (a + (b ^ c ^ d) + x5 + -378558) | 0;
    a = (((t << 4) | (t >>> 28)) + b) | 0;
    t = (d + (a ^ b ^ c) + x8 + -2022574463) | 0;
    d = (((t << 11) | (t >>> 21)) + a) | 0;
    t = (c + (d ^ a ^ b) + x11 + 1839030562) | 0;
    c = (((t << 16) | (t >>> 16)) + d) | 0;
    t = (b + (c ^ d ^ a) + x14 + -35309556) | 0;
    b = (((t << 23) | (t >>> 9)) + c) | 0;
    t = (a + (b ^ c ^ d) + x1 + -1530992060) | 0;
    a = (((t << 4) | (t >>> 28)) + b) | 0;
    t = (d + (a ^ b ^ c) + x4 + 1272893353) | 0;
    d = (((t << 11) | (t >>> 21)) + a) | 0;
    t = (c + (d ^ a ^ b) + x7 + -155497632) | 0;
    c = (((t << 16) | (t >>> 16)) + d) | 0;
    t = (b + (c ^ d ^ a) + x10 + -1094730640) | 0;
    b = (((t << 23) | (t >>> 9)) + c) | 0;
    t = (a + (b ^ c ^ d) + x13 + 681279174) | 0;
    a = (((t << 4) | (t >>> 28)) + b) | 0;
    t = (d + (a ^ b ^ c) + x0 + -358537222) | 0;
    d = (((t << 11) | (t >>> 21)) + a) | 0;
    t = (c + (d ^ a ^ b) + x3 + -722521979) | 0;
    c = (((t << 16) | (t >>> 16)) + d) | 0;
    t = (b + (c ^ d ^ a) + x6 + 76029189) | 0;
    b = (((t << 23) | (t >>> 9)) + c) | 0;
    t = (a + (b ^ c ^ d) + x9 + -640364487) | 0;
    a = (((t << 4) | (t >>> 28)) + b) | 0;
    t = (d + (a ^ b ^ c) + x12 + -421815835) | 0;
    d = (((t << 11) | (t >>> 21)) + a) | 0;
    t = (c + (d ^ a ^ b) + x15 + 530742520) | 0;
    c = (((t << 16) | (t >>> 16)) + d) | 0;
    t = (b + (c ^ d ^ a) + x2 + -995338651) | 0;
    b = (((t << 23) | (t >>> 9)) + c) | 0;
    t = (a + (c ^ (b | ~d)) + x0 + -198630844) | 0;
    a = (((t << 6) | (t >>> 26)) + b) | 0;
    t = (d + (b ^ (a | ~c)) + x7 + 1126891415) | 0;
    d = (((t << 10) | (t >>> 22)) + a) | 0;
    t = (c + (a ^ (d | ~b)) + x14 + -1416354905) | 0;
    c = (((t << 15) | (t >>> 17)) + d) | 0;
    t = (b + (d ^ (c | ~a)) + x5 + -57434055) | 0;
    b = (((t << 21) | (t >>> 11)) + c) | 0;
    t = (a + (c ^ (b | ~d)) + x12 + 1700485571) | 0;
    a = (((t << 6) | (t >>> 26)) + b) | 0;
    t = (d + (b ^ (a | ~c)) + x3 + -1894986606) | 0;
    d = (((t << 10) | (t >>> 22)) + a) | 0;
    t = (c + (a ^ (d | ~b)) + x10 + -1051523) | 0;
    c = (((t << 15) | (t >>> 17)) + d) | 0;
    t = (b + (d ^ (c | ~a)) + x1 + -2054922799) | 0;
    b = (((t << 21) | (t >>> 11)) + c) | 0;
    t = (a + (c ^ (b | ~d)) + x8 + 1873313359) | 0;
    a = (((t << 6) | (t >>> 26)) + b) | 0;
    t = (d + (b ^ (a | ~c)) + x15 + -30611744) | 0;
    d = (((t << 10) | (t >>> 22)) + a) | 0;
    t = (c + (a ^ (d | ~b)) + x6 + -1560198380) | 0;
    c = (((t << 15) | (t >>> 17)) + d) | 0;
    t = (b + (d ^ (c | ~a)) + x13 + 1309151649) | 0;
    b = (((t << 21) | (t >>> 11)) + c) | 0;
    t = (a + (c ^ (b | ~d)) + x4 + -145523070) | 0;
    a = (((t << 6) | (t >>> 26)) + b) | 0;
    t = (d + (b ^ (a | ~c)) + x11 + -1120210379) | 0;
    d = (((t << 10) | (t >>> 22)) + a) | 0;
    t = (c + (a ^ (d | ~b)) + x2 + 718787259) | 0;
    c = (((t << 15) | (t >>> 17)) + d) | 0;
    t = (b + (d ^ (c | ~a)) + x9 + -343485551) | 0;
    b = (((t << 21) | (t >>> 11)) + c) | 0;

    a = (a + aa) | 0;
    b = (b + bb) | 0;
    c = (c + cc) | 0;
    d = (d + dd) | 0;
  }
  state[0] = a;
  state[1] = b;
  state[2] = c;
  state[3] = d;
}
