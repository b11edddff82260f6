/**
 * A whole Web Storage over a Map (Node has no localStorage by default); one per "browser". `items`
 * is the Map itself, for a test that reads or forges what a store wrote; `initial` what it holds.
 */
export function webStorage(
  initial: Iterable<readonly [string, string]> = [],
): Storage & { readonly items: Map<string, string> } {
  const items = new Map<string, string>(initial);
  return {
    items,
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}
