// i18next's t() parses its key and walks the resources at every call: fine for a screen's dozen texts,
// 20-30 ms at 4x CPU when a list asks for the same category name once per place. Within one computation
// (a render, a memo) the answers cannot change, so ask once per key.

/** Wraps `lookup` so that each key is looked up once for the life of the returned function. */
export function labelCache<K>(lookup: (key: K) => string): (key: K) => string {
  const known = new Map<K, string>();
  return (key) => {
    let text = known.get(key);
    if (text === undefined) {
      text = lookup(key);
      known.set(key, text);
    }
    return text;
  };
}
