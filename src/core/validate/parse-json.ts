/** An error body as JSON when it is JSON, else as text (an HTML page), else undefined. */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  const parsed = parseJson(text);
  return parsed.ok ? parsed.value : text;
}

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
