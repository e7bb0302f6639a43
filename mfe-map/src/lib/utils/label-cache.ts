// i18next's t() parses its key and walks the resources at every call: fine for a screen's dozen texts,
// 20-30 ms at 4x CPU when a list asks for the same category name once per place. Within one computation
// (a render, a memo) the answers cannot change, so ask once per key.

/** Wraps `lookup` so that it runs once per key (`keyOf(arg)`, the argument itself by default) for the
 *  life of the returned function. */
export function labelCache<A, V = string>(
  lookup: (arg: A) => V,
  keyOf: (arg: A) => unknown = (arg) => arg,
): (arg: A) => V {
  const known = new Map<unknown, V>();
  return (arg) => {
    const key = keyOf(arg);
    if (known.has(key)) return known.get(key) as V;
    const value = lookup(arg);
    known.set(key, value);
    return value;
  };
}
