/**
 * A small bounded cache for pure checks repeated across stubs while compiling (does this regex compile,
 * does this XPath run): imposters with thousands of stubs tend to repeat a few patterns. Emptied when
 * full rather than tracking recency; the values are cheap to recompute.
 */
export function boundedMemo<T>(compute: (key: string) => T, limit = 4_096): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    const hit = cache.get(key);
    if (hit !== undefined || cache.has(key)) return hit as T;
    if (cache.size >= limit) cache.clear();
    const value = compute(key);
    cache.set(key, value);
    return value;
  };
}
