/**
 * The shape of an answer as the transcript records it (`response.shape`): JSON types and sorted
 * keys two levels deep, arrays described by their first element, `text(n)` for a non-JSON body
 * and `empty` for none. The length of a text body is not compared (`text`).
 */
export function shapeOf(body: unknown, depth = 0): string {
  if (body === null) return 'null';
  if (Array.isArray(body)) return `[${body.length === 0 ? '' : shapeOf(body[0], depth)}]`;
  if (typeof body === 'object') {
    if (depth >= 2) return '{…}';
    const keys = Object.keys(body).sort();
    const record = body as Record<string, unknown>;
    return `{${keys.map((key) => `${key}:${shapeOf(record[key], depth + 1)}`).join(',')}}`;
  }
  return typeof body;
}

/** A recorded shape with the length of a text body left out. */
export const withoutTextLength = (shape: string): string => shape.replace(/^text\(\d+\)$/, 'text');

/** The shapes of a list's items, as a sorted set: seat lists have no fixed order. */
export const itemShapes = (items: unknown[]): string[] =>
  [...new Set(items.map((item) => shapeOf(item)))].sort();
