/**
 * The options of a journal's `list`: a page of at most `limit` records after the key `after`.
 *
 * @example
 * ```ts
 * const options: JournalListOptions = { after: 'order-7', limit: 100 };
 * ```
 * @category Helpers
 */
export interface JournalListOptions {
  /** Only keys after this one (ascending order); default: from the first. */
  after?: string | undefined;
  /** At most this many records; default: all. */
  limit?: number | undefined;
  /** Fires when the call gave up; the journal may stop what it is doing. */
  signal?: AbortSignal | undefined;
}
