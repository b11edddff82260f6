import type { CardParams } from '../index.js';
import { readInputFile } from './input-file.js';
import { cardSecrets, type Environment, type KnownSecrets } from './known-secrets.js';
import { UsageError } from './usage-error.js';

// Secrets come from the environment or a file, never from argv (it shows in `ps`). Messages name
// the variable or file and never repeat what it holds: not even a JSON parser's message, which
// quotes the text it choked on. A file of `-` is stdin (input-file.ts).

/** The token: `--token-file <path>` (its first line; `-` for stdin) or `SEATPAY_TOKEN`; hidden from output. */
export async function readToken(
  tokenFile: string | undefined,
  env: Environment,
  secrets: KnownSecrets,
): Promise<string> {
  const token =
    tokenFile === undefined
      ? env.SEATPAY_TOKEN?.trim()
      : (await readInputFile('--token-file', tokenFile)).split(/\r?\n/)[0]?.trim();
  if (!token)
    throw new UsageError(
      tokenFile === undefined
        ? 'no token: set SEATPAY_TOKEN or pass --token-file <path>'
        : `--token-file ${tokenFile} is empty; put the token on its first line`,
    );
  secrets.add(token);
  return token;
}

/**
 * The card: `--card-file <path>` or `SEATPAY_CARD`, JSON such as `{"card_number": ..., "cvc": ...}`;
 * its number and CVC hidden from output.
 */
export async function readCard(
  cardFile: string | undefined,
  env: Environment,
  secrets: KnownSecrets,
): Promise<CardParams> {
  const where = cardFile === undefined ? 'SEATPAY_CARD' : `--card-file ${cardFile}`;
  const text =
    cardFile === undefined ? env.SEATPAY_CARD : await readInputFile('--card-file', cardFile);
  if (text === undefined || text.trim() === '')
    throw new UsageError('no card: pass --card-file <path> (JSON) or set SEATPAY_CARD');
  let card: unknown;
  try {
    card = JSON.parse(text);
  } catch {
    throw new UsageError(`${where} is not JSON; write {"card_number": "...", "cvc": "..."}`);
  }
  secrets.add(...cardSecrets(card));
  if (typeof card !== 'object' || card === null || Array.isArray(card))
    throw new UsageError(`${where} must hold a JSON object with card_number and cvc`);
  return card as CardParams;
}
