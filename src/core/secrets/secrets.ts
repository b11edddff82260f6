import { redactCause } from './foreign-cause.js';
import { redact, scrubText } from './redact.js';
import { redactLarge } from '../../large-text/redact-large.js';
import { printAs } from './printed.js';
import { scrubError } from './scrub-error.js';

/** Clean header values remembered at most (a date, an id: every answer has new ones). */
const MAX_CLEAN_HEADERS = 64;
/** Clean strings of redacted values remembered at most, and the longest one remembered. */
const MAX_CLEAN_TEXTS = 256;
const MAX_CLEAN_TEXT_LENGTH = 200;

/**
 * The one place that knows a client's secrets (its fixed token, the tokens a provider handed out,
 * the card numbers and CVCs it sent lately) and scrubs what leaves the client: errors, log lines,
 * values an error carries. An answer to a later call (a pay, a listing polled after the card went
 * out) can echo an earlier call's card, so errors built later hide it too.
 *
 * Bounded: besides the fixed token, only the last `size` distinct values are kept.
 * @internal
 */
export class Secrets {
  // Private fields: printing or cloning whatever holds this object shows none of them.
  readonly #pinned: readonly string[];
  readonly #size: number;
  readonly #values: string[] = [];
  #all: readonly string[];
  /**
   * Header values found to quote no secret of `#all` (so none is in it): most answers repeat
   * them (`content-type`, `connection`, `keep-alive`), and scanning them for every encoding of
   * every secret was a tenth of seatpay's own work per call. Emptied whenever a secret is added.
   */
  readonly #cleanHeaders = new Set<string>();
  /**
   * Short strings of redacted values (field names, a kind, a stage, a service's name, an id sent
   * again) found to quote no secret of `#all`: a keyed call's journal records repeat them in every
   * record, and each was searched for every encoding of every secret. Emptied whenever a secret is
   * added, as `#cleanHeaders`.
   */
  readonly #cleanTexts = new Set<string>();
  /** As `#cleanTexts`, for what a journal keeps (`redactStored`): fewer forms, other results. */
  readonly #cleanStored = new Set<string>();
  readonly #scrub = (text: string): string => this.#scrubRemembered(text, this.#cleanTexts);
  readonly #scrubStored = (text: string): string =>
    this.#scrubRemembered(text, this.#cleanStored, true);

  /** @param pinned - Kept whatever comes after: the client's fixed token. */
  constructor(pinned: readonly string[] = [], size = 16) {
    this.#pinned = pinned;
    this.#size = size;
    this.#all = pinned;
    printAs(this, 'Secrets', () => ({ count: this.#all.length }));
  }

  /** Keeps `secrets` (a call's card, a provider's token); ones already kept stay where they are. */
  remember(secrets: readonly string[] | undefined): void {
    for (const secret of secrets ?? []) {
      if (typeof secret !== 'string' || secret === '' || this.#all.includes(secret)) continue;
      this.#values.push(secret);
      if (this.#values.length > this.#size) this.#values.shift();
      this.#all = [...this.#pinned, ...this.#values];
      this.#cleanHeaders.clear();
      this.#cleanTexts.clear();
      this.#cleanStored.clear();
    }
  }

  /** The pinned secrets, then the kept ones, oldest first. */
  get list(): readonly string[] {
    return this.#all;
  }

  toJSON(): { count: number } {
    return { count: this.#all.length };
  }

  /** `value` (a body, headers, issues) with every secret hidden, in any encoding. */
  redact<T>(value: T): T {
    return redact(value, this.#all, this.#scrub) as T;
  }

  /**
   * `value` as a journal keeps it, to be replayed: as {@link redact}, but a short number (a CVC)
   * hidden only where labelled or a whole value, so that `inv-987` replays as it came.
   */
  redactStored<T>(value: T): T {
    return redact(value, this.#all, this.#scrubStored) as T;
  }

  /**
   * {@link redact} (or {@link redactStored}) that lets the event loop go every slice of work: for
   * a value that `isLarge` says would hold it (an answer of megabytes). Its result is theirs; the
   * slices' code is loaded for it (src/large-text/), and without it (or once `wait` ends the wait
   * for it: a call's signal or timeout) the value is redacted in one go.
   */
  redactLater<T>(
    value: T,
    stored = false,
    wait?: { signal?: AbortSignal; ms?: number },
  ): Promise<T> {
    const scrub = stored ? this.#scrubStored : this.#scrub;
    const secrets = this.#all;
    const oneGo = () => redact(value, secrets, scrub);
    return redactLarge(value, { scrub, secrets, stored }, oneGo, wait) as Promise<T>;
  }

  /** `text` scrubbed of `#all`; a short clean one remembered as such in `clean`. */
  #scrubRemembered(text: string, clean: Set<string>, stored = false): string {
    if (clean.has(text)) return text;
    const scrubbed = scrubText(text, this.#all, stored);
    if (scrubbed !== text || text.length > MAX_CLEAN_TEXT_LENGTH) return scrubbed;
    if (clean.size >= MAX_CLEAN_TEXTS) clean.clear();
    clean.add(text);
    return text;
  }

  /** `text` (a message, a status text) with every secret hidden. */
  text(text: string): string {
    return scrubText(text, this.#all);
  }

  /**
   * `response`, or when a header quotes a secret (a service may echo the token) a copy with those
   * hidden: the same status and URL, and as body the text already read, else the unread stream.
   * `known` is the {@link list} when the answer came, for a scan made later: a secret dropped
   * since (the list is bounded) is still hidden.
   */
  response(response: Response, text: string | undefined, known = this.#all): Response {
    const all = this.#with(known);
    let changed = false;
    response.headers.forEach((value, key) => {
      // A name can echo a secret too (an error's headers hide it, as an object's key).
      changed ||= !this.#cleanHeader(value, all) || !this.#cleanHeader(key, all);
    });
    if (!changed) return response;
    const headers = new Headers();
    response.headers.forEach((value, key) => {
      // A name cannot hold the marker's brackets: a header whose name quotes a secret is dropped.
      if (scrubText(key, all) === key) headers.append(key, scrubText(value, all));
    });
    const { status, statusText, url } = response;
    const copy = new Response(text === undefined ? response.body : text || null, {
      status,
      statusText,
      headers,
    });
    Object.defineProperty(copy, 'url', { value: url });
    return copy;
  }

  /** Whether a header value quotes no secret, remembered for the values seen most. */
  #cleanHeader(value: string, all: readonly string[]): boolean {
    if (all !== this.#all) return scrubText(value, all) === value;
    if (this.#cleanHeaders.has(value)) return true;
    if (this.text(value) !== value) return false;
    if (this.#cleanHeaders.size >= MAX_CLEAN_HEADERS) this.#cleanHeaders.clear();
    this.#cleanHeaders.add(value);
    return true;
  }

  /** A request id as it leaves (withResponse, log lines): an echoed token hidden. */
  requestId(id: string | null, known = this.#all): string | null {
    if (id === null || (known === this.#all && this.#cleanHeaders.has(id))) return id;
    return scrubText(id, this.#with(known));
  }

  /** The secrets known now and those in `known` (an earlier {@link list}). */
  #with(known: readonly string[]): readonly string[] {
    return known === this.#all ? known : [...new Set([...known, ...this.#all])];
  }

  /** A safe copy of something thrown (foreign or not) to carry as an error's `cause`. */
  cause(thrown: unknown): unknown {
    return redactCause(thrown, this.#all);
  }

  /** `error` with every secret hidden in what it carries (message, body, cause). */
  error<E>(error: E): E {
    return scrubError(error, this.#all);
  }
}
