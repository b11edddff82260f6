import type { KeyScope } from '../keys/key-scope.js';
import { canonical, ownField } from './key-checks.js';

/**
 * What a record keeps of its call's parameters when the client's secrets were hidden in them
 * (`JournalRecord.paramsDigest`): a marker does not say which secret it stands for (the token,
 * `AI` in another case, the card's CVC ...), so the record alone cannot tell this request from
 * another hidden alike. Kept: the digest of each field hidden (see `KeyScope.fieldDigest`),
 * sorted, apart by spaces; nothing when nothing was hidden (the parameters tell themselves).
 */
export class ParamsDigest {
  /** The parameters as given, field by field in canonical JSON. */
  readonly #given: [string, string][];
  /** The digest for the parameters as last stored (the secrets known may grow during a run). */
  #last: { stored: string; digest: Promise<string | undefined> } | undefined;

  constructor(
    private readonly scope: Pick<KeyScope, 'fieldDigest'>,
    params: Record<string, unknown>,
  ) {
    this.#given = Object.keys(params).map((name) => [name, canonical(ownField(params, name))]);
  }

  /** The digest to keep beside `stored` (the parameters as recorded), if a field was hidden. */
  for(stored: unknown): Promise<string | undefined> {
    const text = canonical(stored);
    if (this.#last?.stored !== text) this.#last = { stored: text, digest: this.#digest(stored) };
    return this.#last.digest;
  }

  async #digest(stored: unknown): Promise<string | undefined> {
    if (typeof stored !== 'object' || stored === null) return undefined;
    const hidden = this.#given.filter(
      ([name, value]) => canonical(ownField(stored, name)) !== value,
    );
    if (hidden.length === 0) return undefined;
    const digests = await Promise.all(
      hidden.map(([name, value]) => this.scope.fieldDigest(name, value)),
    );
    if (digests.some((digest) => digest === undefined)) return undefined;
    return digests.sort().join(' ');
  }
}
