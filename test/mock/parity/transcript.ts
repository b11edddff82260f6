import { readFileSync } from 'node:fs';

/**
 * The real deployed server's recorded answers (docs/reference/real-exchanges.json, described in
 * real-exchanges.md beside it): a fixed sequence of raw requests and what that server answered.
 */

export type Role = 'owner' | 'member' | 'outsider' | 'expired' | 'bad' | 'none';

/** A part of a recorded multipart body: a field, or a file whose bytes follow a rule. */
export interface MultipartPart {
  name: string;
  value?: string;
  filename?: string;
  type?: string;
  bytes?: { length: number; seed: number };
}

/** Where a value of the request came from: an earlier answer, a fixture, or generated. */
export interface Ref {
  value: unknown;
  from?: number;
  field?: string;
  fixture?: string;
  generated?: string;
}

export interface Exchange {
  n: number;
  step: string;
  scenario: string;
  role: Role;
  request: {
    method: string;
    path: string;
    template?: string;
    headers: Record<string, string>;
    body?: unknown;
  };
  response: {
    status: number;
    contentType: string;
    body: unknown;
    shape: string;
  };
  refs?: Record<string, Ref>;
  poll?: { found?: boolean; ready?: boolean };
  notes?: string[];
}

interface Transcript {
  exchanges: Exchange[];
}

const file = new URL('../../../docs/reference/real-exchanges.json', import.meta.url);

/** Every recorded exchange, in `n` order. */
export const exchanges: readonly Exchange[] = (
  JSON.parse(readFileSync(file, 'utf8')) as Transcript
).exchanges.sort((a, b) => a.n - b.n);

/**
 * The exchanges compared: every one but the earlier polls of a poll loop. A loop is replayed until
 * its condition holds, however many polls that takes, and its last poll is compared.
 */
export const compared: readonly Exchange[] = exchanges.filter((exchange, at) => {
  const next = exchanges[at + 1];
  return !(exchange.poll && next?.poll && next.step === exchange.step);
});
