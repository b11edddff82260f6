import type { IncrementalDigest } from '../../platform/platform.js';

/**
 * MD5 (RFC 1321) fed piece by piece: what the service names an assembled file by, computed over
 * the source as the upload reads it. Web Crypto has no MD5, so browsers, Workers, Deno and Bun use
 * this one (Node uses node:crypto through its platform); the upload chunk loads it only when an
 * upload checks its digest. A check of what the service assembled, not a security measure.
 */
export class Md5 implements IncrementalDigest {
  private readonly state = new Int32Array([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]);
  /** The bytes of a block not yet complete. */
  private readonly block = new Uint8Array(64);
  private readonly words = new Int32Array(16);
  private buffered = 0;
  private length = 0;

  update(bytes: Uint8Array): void {
    this.length += bytes.byteLength;
    let at = 0;
    if (this.buffered > 0) {
      const take = Math.min(64 - this.buffered, bytes.byteLength);
      this.block.set(bytes.subarray(0, take), this.buffered);
      this.buffered += take;
      at = take;
      if (this.buffered < 64) return;
      this.compress(this.block, 0);
      this.buffered = 0;
    }
    for (; at + 64 <= bytes.byteLength; at += 64) this.compress(bytes, at);
    if (at < bytes.byteLength) {
      this.block.set(bytes.subarray(at), 0);
      this.buffered = bytes.byteLength - at;
    }
  }

  /** The digest, hex; the object is spent afterwards. */
  digest(): string {
    const bits = this.length * 8;
    const tail = new Uint8Array(this.buffered < 56 ? 64 - this.buffered : 128 - this.buffered);
    tail[0] = 0x80;
    const view = new DataView(tail.buffer);
    view.setUint32(tail.length - 8, bits >>> 0, true);
    view.setUint32(tail.length - 4, Math.floor(bits / 2 ** 32), true);
    const length = this.length;
    this.update(tail);
    this.length = length;
    let hex = '';
    for (const word of this.state) {
      for (let shift = 0; shift < 32; shift += 8) {
        hex += ((word >>> shift) & 0xff).toString(16).padStart(2, '0');
      }
    }
    return hex;
  }

  private compress(bytes: Uint8Array, at: number): void {
    const x = this.words;
    for (let i = 0; i < 16; i++) {
      const p = at + i * 4;
      x[i] = bytes[p]! | (bytes[p + 1]! << 8) | (bytes[p + 2]! << 16) | (bytes[p + 3]! << 24);
    }
    const s = this.state;
    let a = s[0]!;
    let b = s[1]!;
    let c = s[2]!;
    let d = s[3]!;
    for (let i = 0; i < 64; i++) {
      let f: number;
      let g: number;
      if (i < 16) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (i < 32) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) & 15;
      } else if (i < 48) {
        f = b ^ c ^ d;
        g = (3 * i + 5) & 15;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) & 15;
      }
      const sum = (a + f + SINES[i]! + x[g]!) | 0;
      const shift = SHIFTS[((i >> 4) << 2) | (i & 3)]!;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0;
    }
    s[0] = (s[0]! + a) | 0;
    s[1] = (s[1]! + b) | 0;
    s[2] = (s[2]! + c) | 0;
    s[3] = (s[3]! + d) | 0;
  }
}

const SHIFTS = new Int32Array([7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21]);
const SINES = Int32Array.from(
  { length: 64 },
  (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) | 0,
);
