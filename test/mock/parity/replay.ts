import { vi } from 'vitest';
import { createSimulator, type Simulator } from '../../../src/mock/index.js';
import type { Exchange, MultipartPart, Ref, Role } from './transcript.js';

/** What the simulator answered to one exchange (the last poll of a poll loop). */
export interface SimAnswer {
  status: number;
  contentType: string;
  body: unknown;
  /** Polls sent for this exchange's loop (1 for any other exchange). */
  sent: number;
  /** Whether a poll loop ended with its condition met (always true for other exchanges). */
  ready: boolean;
}

/** The real fixtures' values the simulator names otherwise (its own catalog). */
const FIXTURE_VALUES: Readonly<Record<string, string>> = {
  'seatpay-per-seat': 'team-per-seat',
  'seatpay-per-team': 'team-per-team',
  'seatpay-solo': 'personal',
  'ai-conversation-message': 'ai-credits',
};

/** How long the simulator's clock moves between two polls (the recorder polled about this often). */
const POLL_STEP_MS = 350;
const MAX_POLLS = 60;

/**
 * Replays the transcript against a fresh simulator playing the deployed server, in order, with its
 * own ids and tokens where the transcript says a value came from an earlier answer or a fixture.
 * Its timers run on vitest's clock: a subscription appears when a poll loop moves time, never
 * because the machine was slow.
 */
export async function replay(exchanges: readonly Exchange[]): Promise<Map<number, SimAnswer>> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const simulator = createSimulator({
    profile: 'deployed',
    subscriptionDelayMs: 5000,
    billingTeamDelayMs: POLL_STEP_MS,
    mediaProcessingDelayMs: 1000,
  });
  try {
    const tokens = await rolesOf(simulator);
    const answers = new Map<number, SimAnswer>();
    for (let at = 0; at < exchanges.length; at += 1) {
      const exchange = exchanges[at]!;
      const send = () => simulator.handle(requestOf(exchange, tokens, answers));
      if (exchange.poll === undefined) {
        answers.set(exchange.n, { ...(await read(await send())), sent: 1, ready: true });
        continue;
      }
      const group = pollGroup(exchanges, at);
      const answer = await pollUntilReady(send, readiness(exchange, answers));
      answers.set(group.at(-1)!.n, answer);
      at += group.length - 1;
    }
    return answers;
  } finally {
    simulator.close();
    vi.useRealTimers();
  }
}

/** The token of each role: the outsider is a third user, `expired` one of its tokens, expired. */
async function rolesOf(simulator: Simulator): Promise<Record<Role, string | null>> {
  const outsider = simulator.addUser({ email: 'outsider@example.com' });
  const expired = outsider.token;
  simulator.faults.inject({ route: 'GET /v1/payments/me/subscription', kind: 'expire-token' });
  await simulator.handle(
    new Request('http://sim.test/v1/payments/me/subscription', {
      headers: { authorization: `Token ${expired}` },
    }),
  );
  const { owner, member } = simulator.users;
  return {
    owner: owner.token,
    member: member.token,
    outsider: outsider.token,
    expired,
    bad: 'f'.repeat(40),
    none: null,
  };
}

/** The exchanges of one poll loop: the same step, one after the other. */
function pollGroup(exchanges: readonly Exchange[], at: number): Exchange[] {
  const group = [exchanges[at]!];
  for (
    let next = at + 1;
    exchanges[next]?.poll && exchanges[next]!.step === group[0]!.step;
    next += 1
  )
    group.push(exchanges[next]!);
  return group;
}

/** When a poll loop may stop: the new subscription listed with its team, or the items shown. */
function readiness(
  exchange: Exchange,
  answers: Map<number, SimAnswer>,
): (body: unknown) => boolean {
  if (exchange.request.path.endsWith('/me/subscription')) {
    const before = listedBefore(exchange.n, answers);
    return (body) => {
      const listed = (body as { subscriptions?: { has_billing_team?: boolean }[] }).subscriptions;
      return (listed?.length ?? 0) > before && listed!.every((s) => s.has_billing_team === true);
    };
  }
  return (body) =>
    ((body as { voids?: { items: unknown[] }[] }).voids ?? []).some((g) => g.items.length > 0);
}

/** How many subscriptions the owner's last listing before exchange `n` showed. */
function listedBefore(n: number, answers: Map<number, SimAnswer>): number {
  for (let earlier = n - 1; earlier > 0; earlier -= 1) {
    const body = answers.get(earlier)?.body as { subscriptions?: unknown[] } | undefined;
    if (body?.subscriptions) return body.subscriptions.length;
  }
  return 0;
}

async function pollUntilReady(
  send: () => Promise<Response>,
  ready: (body: unknown) => boolean,
): Promise<SimAnswer> {
  for (let sent = 1; ; sent += 1) {
    const answer = await read(await send());
    if (ready(answer.body)) return { ...answer, sent, ready: true };
    if (sent === MAX_POLLS) return { ...answer, sent, ready: false };
    await vi.advanceTimersByTimeAsync(POLL_STEP_MS);
  }
}

async function read(response: Response): Promise<Omit<SimAnswer, 'sent' | 'ready'>> {
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  const body = text === '' ? '' : contentType.includes('json') ? JSON.parse(text) : text;
  return { status: response.status, contentType, body };
}

/** The recorded request with the simulator's own tokens, ids and fixtures. */
function requestOf(
  exchange: Exchange,
  tokens: Record<Role, string | null>,
  answers: Map<number, SimAnswer>,
): Request {
  const { method, headers, body } = exchange.request;
  const swap = swapper(exchange.refs ?? {}, answers);
  const sent = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'authorization') {
      const token = tokens[exchange.role];
      if (token !== null) sent.set(name, value.replace(/<[a-z]+-token>/, token));
    } else if (!(name === 'content-type' && value.startsWith('multipart/'))) sent.set(name, value);
  }
  return new Request(`http://sim.test${pathOf(exchange, swap)}`, {
    method,
    headers: sent,
    body: bodyOf(body, swap),
  });
}

type Swap = (value: unknown) => unknown;

/** Replaces a recorded value by the simulator's: from an earlier answer, or a fixture of its own. */
function swapper(refs: Record<string, Ref>, answers: Map<number, SimAnswer>): Swap {
  const fromAnswers = new Map<unknown, unknown>();
  for (const ref of Object.values(refs)) {
    if (ref.from === undefined || ref.field === undefined) continue;
    const answer = answers.get(ref.from);
    if (!answer) throw new Error(`parity: exchange ${ref.from} has no answer yet`);
    fromAnswers.set(ref.value, fieldOf({ response: { body: answer.body } }, ref.field));
  }
  return (value) => {
    if (fromAnswers.has(value)) return fromAnswers.get(value);
    return typeof value === 'string' ? (FIXTURE_VALUES[value] ?? value) : value;
  };
}

/** Reads `response.body.subscriptions[0].id` and the like. */
function fieldOf(root: unknown, path: string): unknown {
  const steps = path.match(/[^.[\]]+/g) ?? [];
  return steps.reduce<unknown>(
    (value, step) => (value as Record<string, unknown> | undefined)?.[step],
    root,
  );
}

function pathOf(exchange: Exchange, swap: Swap): string {
  const { template, path } = exchange.request;
  if (template === undefined) {
    return path
      .split('/')
      .map((segment) => String(swap(segment)))
      .join('/');
  }
  const refs = exchange.refs ?? {};
  return template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(swap(refs[name]?.value))),
  );
}

function bodyOf(body: unknown, swap: Swap): BodyInit | undefined {
  if (body === undefined) return undefined;
  const record = body as { raw?: string; multipart?: MultipartPart[] };
  if (typeof record.raw === 'string') return record.raw;
  if (Array.isArray(record.multipart)) return formOf(record.multipart, swap);
  return JSON.stringify(deepSwap(body, swap));
}

function deepSwap(value: unknown, swap: Swap): unknown {
  if (Array.isArray(value)) return value.map((item) => deepSwap(item, swap));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepSwap(v, swap)]));
  return swap(value);
}

/** A multipart body rebuilt from its fields; a file's bytes follow `byte i = (i * 31 + seed) & 255`. */
function formOf(parts: MultipartPart[], swap: Swap): FormData {
  const form = new FormData();
  for (const part of parts) {
    if (part.bytes === undefined) {
      form.append(part.name, String(swap(part.value ?? '')));
      continue;
    }
    const { length, seed } = part.bytes;
    const file = new Blob(
      [partBytes({ length, seed })],
      part.type === undefined ? {} : { type: part.type },
    );
    form.append(part.name, file, part.filename);
  }
  return form;
}

/** The bytes of a recorded file part, to check the md5 `name` finalize answers. */
export const partBytes = ({
  length,
  seed,
}: {
  length: number;
  seed: number;
}): Uint8Array<ArrayBuffer> => Uint8Array.from({ length }, (_, i) => (i * 31 + seed) & 255);
