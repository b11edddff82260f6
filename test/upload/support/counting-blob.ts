// A Blob that counts the bytes read out of it, through any of its slices: how many times an upload
// reads its source, seen as a user of the public API would see it.

export interface ReadCount {
  bytes: number;
}

/** `parts` as a Blob whose reads (and its slices' reads) add to `count.bytes`. */
export class CountingBlob extends Blob {
  constructor(
    parts: BlobPart[],
    readonly count: ReadCount,
    options?: BlobPropertyBag,
  ) {
    super(parts, options);
  }

  override slice(start?: number, end?: number, type?: string): Blob {
    // A Blob made of a Blob holds no copy: nothing is read here.
    return new CountingBlob([super.slice(start, end)], this.count, { type: type ?? this.type });
  }

  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    this.count.bytes += this.size;
    return super.stream();
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    this.count.bytes += this.size;
    return super.arrayBuffer();
  }

  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    this.count.bytes += this.size;
    return super.bytes();
  }
}
