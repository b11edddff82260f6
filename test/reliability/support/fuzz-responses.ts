// Arbitrary answers of the service: any status, any body (JSON of any shape, the right shape with a
// field wrong, raw bytes, nothing, cut-off JSON, an HTML page), any content type.
import fc from 'fast-check';
import type { SeenRequest } from './fuzz-service.js';

/** How one answer is built from the well-formed one the route would give. */
export interface FuzzedAnswer {
  status: number;
  contentType: string;
  /** Sends a `Location` header: fetch then sees a redirect, which the SDK must refuse. */
  location: boolean;
  body:
    | { kind: 'valid'; extra: unknown }
    | { kind: 'json'; value: unknown }
    | { kind: 'mutated'; key: number; how: 'replace' | 'drop' | 'proto' | 'wrap'; value: unknown }
    | { kind: 'bytes'; bytes: Uint8Array }
    | { kind: 'text'; text: string }
    | { kind: 'truncated'; keep: number };
}

/** Statuses whose answer cannot carry a body. */
const NULL_BODY = new Set([204, 205, 304]);

export const fuzzedAnswer = (): fc.Arbitrary<FuzzedAnswer> =>
  fc.record({
    status: fc.oneof(
      { arbitrary: fc.constantFrom(200, 201, 204), weight: 3 },
      {
        arbitrary: fc.constantFrom(400, 401, 402, 403, 404, 409, 422, 429, 500, 502, 503),
        weight: 2,
      },
      { arbitrary: fc.integer({ min: 200, max: 599 }), weight: 1 },
    ),
    contentType: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'application/problem+json',
      'text/html',
      'text/plain',
      'application/octet-stream',
      '',
    ),
    location: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
    body: fc.oneof(
      // The well-formed answer plus a field the SDK does not know: it must pass through.
      {
        arbitrary: fc.record({
          kind: fc.constant('valid' as const),
          extra: fc.jsonValue({ maxDepth: 2 }),
        }),
        weight: 3,
      },
      {
        arbitrary: fc.record({
          kind: fc.constant('json' as const),
          value: fc.jsonValue({ maxDepth: 4 }),
        }),
        weight: 3,
      },
      {
        arbitrary: fc.record({
          kind: fc.constant('mutated' as const),
          key: fc.nat(),
          how: fc.constantFrom(
            'replace' as const,
            'drop' as const,
            'proto' as const,
            'wrap' as const,
          ),
          value: fc.jsonValue({ maxDepth: 2 }),
        }),
        weight: 4,
      },
      {
        arbitrary: fc.record({
          kind: fc.constant('bytes' as const),
          bytes: fc.uint8Array({ maxLength: 64 }),
        }),
        weight: 1,
      },
      {
        arbitrary: fc.record({
          kind: fc.constant('text' as const),
          text: fc.oneof(
            fc.constantFrom(
              '',
              ' ',
              'null',
              '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>',
              '<!doctype html><p>maintenance',
              '['.repeat(10_000),
              '{"detail":'.repeat(2_000),
              '\ufeff{"id":1}',
            ),
            fc.string({ unit: 'binary', maxLength: 40 }),
          ),
        }),
        weight: 2,
      },
      {
        arbitrary: fc.record({ kind: fc.constant('truncated' as const), keep: fc.nat() }),
        weight: 1,
      },
    ),
  });

/** The answer, built from the well-formed body of the route (`valid`, JSON or undefined). */
export function buildAnswer(answer: FuzzedAnswer, valid: unknown): Response {
  const headers: Record<string, string> = {};
  if (answer.contentType) headers['content-type'] = answer.contentType;
  if (answer.location) headers.location = 'http://127.0.0.1:9/elsewhere';
  const body = NULL_BODY.has(answer.status) ? null : bodyOf(answer.body, valid);
  return new Response(body as BodyInit | null, { status: answer.status, headers });
}

function bodyOf(body: FuzzedAnswer['body'], valid: unknown): string | Uint8Array {
  switch (body.kind) {
    case 'valid': {
      if (valid === null || typeof valid !== 'object' || Array.isArray(valid))
        return JSON.stringify(valid ?? null);
      return JSON.stringify({ ...valid, added_later: body.extra });
    }
    case 'json':
      return JSON.stringify(body.value);
    case 'bytes':
      return body.bytes;
    case 'text':
      return body.text;
    case 'truncated': {
      const text = JSON.stringify(valid ?? null);
      return text.slice(0, body.keep % Math.max(1, text.length));
    }
    case 'mutated':
      return mutate(valid, body);
  }
}

/** The valid body with one field replaced, dropped, given an own `__proto__`, or wrapped. */
function mutate(valid: unknown, body: Extract<FuzzedAnswer['body'], { kind: 'mutated' }>): string {
  const target = Array.isArray(valid) ? valid[0] : valid;
  if (body.how === 'wrap') return JSON.stringify({ data: valid, extra: body.value });
  if (target === null || typeof target !== 'object') return JSON.stringify(body.value);
  const keys = Object.keys(target);
  const key = keys[body.key % Math.max(1, keys.length)] ?? 'id';
  const copy: Record<string, unknown> = { ...(target as Record<string, unknown>) };
  if (body.how === 'drop') delete copy[key];
  else if (body.how === 'replace') copy[key] = body.value;
  // JSON text with an own "__proto__" key: JSON.parse keeps it as a plain key.
  const text =
    body.how === 'proto'
      ? JSON.stringify(copy).replace(/^\{/, `{"__proto__":${JSON.stringify(body.value)},`)
      : JSON.stringify(copy);
  const fixed = text.replace(/,\}$/, '}');
  return Array.isArray(valid) ? `[${fixed}]` : fixed;
}

/** The body a route answers when all is well, as JSON (undefined for an empty answer). */
export async function validBodyOf(
  seen: SeenRequest,
  answer: (seen: SeenRequest) => Response,
): Promise<unknown> {
  const text = await answer(seen).text();
  return text ? JSON.parse(text) : undefined;
}
