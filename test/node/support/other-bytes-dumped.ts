import { expect } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../../src/node.js';

/**
 * Each of `dumps` of bytes that hold no secret (only one like it, `sk_live_other…`, between runs of
 * `p` and `q`) comes back as it was from the redaction of `secrets`: in one go, and inside a text
 * long enough to be redacted in slices.
 */
export async function expectOtherBytesKept(
  dumps: Record<string, (bytes: Buffer) => string[]>,
  secrets: string[],
  trailing: number,
): Promise<void> {
  const bytes = Buffer.from(`${'p'.repeat(9)}=sk_live_other0000000000000;${'q'.repeat(trailing)}`);
  for (const dump of Object.values(dumps)) {
    const text = dump(bytes).join('\n');
    expect(redactSecrets(text, secrets)).toBe(text);
    const large = `${'x'.repeat(64 * 1024 - 30)}\n${text}\n${'y'.repeat(100)}`;
    expect(await redactSecretsAsync(large, secrets)).toBe(large);
  }
}
