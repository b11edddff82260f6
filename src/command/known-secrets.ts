import {
  cardShapesIn,
  hideCardShapes,
  hideCardShapesInSlices,
  redactSecrets,
  redactSecretsAsync,
} from '../node.js';
import type { Streams } from './output.js';

// Whatever the command prints may quote a secret: answers are printed as the service sent them (a
// service may echo the token or the card), and so are its error messages and a database's. So
// every write, on stdout and stderr alike, goes through the SDK's own redaction with every secret
// this run knows: one place, whatever the path (result, row, note, progress, the error line).
// A card number it does not know (a CSV's note) is hidden by its form (src/node/card-shapes.ts).

/**
 * A text this long or longer (a listing of megabytes) is hidden in slices, the event loop let go
 * between them (redactSecretsAsync's slice): in one go, 5 MB held it 0.5-0.8 s.
 */
const LARGE = 64 * 1024;

/** The command's environment: where its secrets come from (never argv). */
export type Environment = Record<string, string | undefined>;

/** Query parameters of a database URL that hold a secret (`password`, `sslpassword` ...). */
export const SECRET_URL_PARAM = /pass|secret|token/i;

/** The secrets a database URL holds: its password, and any secret query parameter. */
export function urlSecrets(text: string): string[] {
  if (!URL.canParse(text)) return [];
  const url = new URL(text);
  const found = [url.password, safeDecode(url.password)];
  for (const [name, value] of url.searchParams) if (SECRET_URL_PARAM.test(name)) found.push(value);
  return found.filter((secret) => secret !== '');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The card's secret fields (its number and CVC) in whatever JSON holds it. */
export function cardSecrets(card: unknown): string[] {
  if (typeof card !== 'object' || card === null) return [];
  const fields = card as Record<string, unknown>;
  return ['card_number', 'cvc', 'cvv']
    .map((name) => fields[name])
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .map((value) => String(value).trim());
}

/** The secrets of one run: those its environment holds from the start, and those read later. */
export class KnownSecrets {
  #list: string[] = [];
  /** Card-shaped runs the user gave (a key, an argument): printed as they are. */
  #kept = new Set<string>();
  /** Writes of a large text in progress, and those after it: each written in its turn. */
  #writing: Promise<void> | undefined;
  #failed: { error: unknown } | undefined;

  /** The token, the database password and the card the environment holds. */
  static of(env: Environment): KnownSecrets {
    const known = new KnownSecrets();
    known.add(env.SEATPAY_TOKEN?.trim(), env.PGPASSWORD);
    if (env.SEATPAY_JOURNAL) known.add(...urlSecrets(env.SEATPAY_JOURNAL));
    try {
      if (env.SEATPAY_CARD) known.add(...cardSecrets(JSON.parse(env.SEATPAY_CARD)));
    } catch {
      // Not JSON: the card reader refuses it, naming the variable only.
    }
    return known;
  }

  /** Keeps these secrets (a token or a card read from a file): hidden from now on. */
  add(...secrets: (string | undefined)[]): void {
    for (const secret of secrets)
      if (secret && !this.#list.includes(secret)) this.#list.push(secret);
  }

  /**
   * Texts the user gave this run (its arguments, a CSV's keys, a journal's keys): a card-shaped
   * run of digits in them is their own (an order id), not hidden by its form. A known secret is.
   */
  keep(...texts: (string | undefined)[]): void {
    for (const text of texts) if (text) for (const run of cardShapesIn(text)) this.#kept.add(run);
  }

  /** `text` with every known secret hidden, in any encoding, and any card number by its form. */
  hide(text: string): string {
    const known = this.#list.length === 0 ? text : redactSecrets(text, this.#list);
    return hideCardShapes(known, this.#kept);
  }

  /**
   * The streams, with every write passed through {@link hide}. A text of {@link LARGE} or more is
   * hidden in slices (Ctrl-C, a batch's other rows, a progress bar go on meanwhile): it and every
   * write after it go out in their turn, once it is; {@link settled} says when all have.
   */
  streams(streams: Streams): Streams {
    const { stdout, stderr } = streams;
    return {
      stdout: { write: (text: string) => this.#write(stdout, text) },
      stderr: {
        write: (text: string) => this.#write(stderr, text),
        ...(stderr.isTTY === undefined ? {} : { isTTY: stderr.isTTY }),
      },
    };
  }

  /** Resolves once every write made through {@link streams} is out; rejects as a failed one. */
  async settled(): Promise<void> {
    while (this.#writing) await this.#writing;
    const failed = this.#failed;
    this.#failed = undefined;
    if (failed) throw failed.error;
  }

  #write(stream: { write(text: string): unknown }, text: string): unknown {
    if (this.#writing === undefined && text.length < LARGE) return stream.write(this.hide(text));
    const secrets = [...this.#list];
    const kept = new Set(this.#kept);
    const turn = (this.#writing ?? Promise.resolve()).then(async () => {
      try {
        const known = await redactSecretsAsync(text, secrets);
        stream.write(await hideCardShapesInSlices(known, LARGE, kept));
      } catch (error) {
        // As a write that throws at once would: the run's error, once its writes are out.
        this.#failed ??= { error };
      }
      // The last write out: the next small one is written at once again.
      if (this.#writing === turn) this.#writing = undefined;
    });
    this.#writing = turn;
    return undefined;
  }
}
