// A Blob of another class than the platform's, whose memory is its owner's: the upload must never
// free (detach) what such a Blob hands out, as it frees the pieces a plain Blob's stream copies.

/** A Blob whose slices stream a buffer its owner keeps (a whole buffer, as a freed piece is). */
export class OwnerBlob extends Blob {
  constructor(
    private readonly owned: Uint8Array,
    /** Every buffer handed out so far, by this Blob and its slices (the owner still holds them). */
    readonly handedOut: ArrayBuffer[] = [],
  ) {
    super([owned as BlobPart]);
  }

  override slice(start = 0, end = this.size): Blob {
    return new OwnerBlob(this.owned.subarray(start, end), this.handedOut);
  }

  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    // Each piece is a whole buffer of the owner's: exactly what a freed piece looks like.
    const own = this.owned.slice().buffer;
    this.handedOut.push(own);
    return new ReadableStream({
      start(controller) {
        controller.enqueue(new Uint8Array(own));
        controller.close();
      },
    });
  }
}
