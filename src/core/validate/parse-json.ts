/** An error body as JSON when it is JSON, else as text (an HTML page), else undefined. */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
