import type { KeyScope } from '../keys/key-scope.js';
import { canonical, ownField } from './key-checks.js';
import { sameJson } from './same-json.js';

/** A digest, none, or (a field hidden) the promise of either. */
type Digest = string | undefined | Promise<string | undefined>;

/**
 * What a record keeps of its call's parameters when the client's secrets were hidden in them
 * (`JournalRecord.paramsDigest`): a marker does not say which secret it stands for (the token,
 * `AI` in another case, the card's CVC ...), so the record alone cannot tell this request from
 * another hidden alike. Kept: the digest of each field hidden (see `KeyScope.fieldDigest`),
 * sorted, apart by spaces; nothing when nothing was hidden (the parameters tell themselves).
 */
export class ParamsDigest {
  /** The parameters as stored last (the same object while the secrets known stay the same). */
  #last: { stored: unknown; digest: Digest } | undefined;

  constructor(
    private readonly scope: Pick<KeyScope, 'fieldDigest'>,
    private readonly params: Record<string, unknown>,
  ) {}

  /**
   * The digest to keep beside `stored` (the parameters as recorded), if a field was hidden: at
   * once when none was (the usual), else a promise (a digest is computed under the token's secret).
   */
  for(stored: unknown): Digest {
    // A run's records share their redacted parameters (record-redaction.ts): compared once.
    const last = this.#last;
    if (last !== undefined && last.stored === stored) return last.digest;
    const digest = this.#digest(stored);
    this.#last = { stored, digest };
    return digest;
  }

  #digest(stored: unknown): Digest {
    if (typeof stored !== 'object' || stored === null) return undefined;
    // The usual: nothing hidden (compared without writing either: issue 37).
    if (sameJson(stored, this.params) || canonical(stored) === canonical(this.params))
      return undefined;
    return this.#hidden(stored);
  }

  async #hidden(stored: object): Promise<string | undefined> {
    const hidden = Object.keys(this.params)
      .map((name) => [name, canonical(ownField(this.params, name))] as const)
      .filter(([name, value]) => canonical(ownField(stored, name)) !== value);
    const digests = await Promise.all(
      hidden.map(([name, value]) => this.scope.fieldDigest(name, value)),
    );
    if (digests.length === 0 || digests.some((digest) => digest === undefined)) return undefined;
    return digests.sort().join(' ');
  }
}
