/**
 * How deep a request's JSON or XML may nest and still be read as a tree. Every walk over a parsed body
 * (folding, `equals` and `deepEquals`, selectors, `Array#toString`) recurses once or more per level, so
 * a body nested 200,000 levels deep would overflow the stack. Mountebank's own `tryJSON` catches that
 * overflow and keeps the text as it came (its limit is wherever its stack ends); here the limit is
 * this fixed number, far below the depth where workerd's stack ends (above 1,000 in our walks), far
 * above any real document. Deeper JSON is text, deeper XML holds no node. The text scanners' own
 * caps (readers/json-scan.ts, predicates/forced-text.ts: 200) sit below it, so they decline before it applies.
 */
export const MAX_BODY_DEPTH = 256;

/**
 * JSON.parse of a text, or undefined when it is not JSON or nests deeper than MAX_BODY_DEPTH. A text
 * too short to nest that deep (each level takes two characters) is not walked, which is every body of
 * the benchmarks; a longer one costs a walk of the parsed tree (0.04-0.27x the parse, 2 KB to 70 KB).
 */
export function parseJsonBody(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return text.length > 2 * MAX_BODY_DEPTH && deeperThan(value, MAX_BODY_DEPTH) ? undefined : value;
}

/**
 * Whether arrays and objects nest more than `max` levels inside each other in `value` (a scalar is 0
 * levels, `[]` is 1, `{"a":[]}` is 2). One loop over the containers with an explicit stack, so no
 * depth can overflow it, and it stops at the first container past `max`.
 */
export function deeperThan(value: unknown, max: number): boolean {
  if (typeof value !== "object" || value === null) return false;
  const nodes: object[] = [value];
  const depths: number[] = [1];
  for (let node = nodes.pop(); node !== undefined; node = nodes.pop()) {
    const depth = depths.pop() as number;
    if (depth > max) return true;
    if (Array.isArray(node)) {
      for (const child of node) {
        if (typeof child === "object" && child !== null) push(nodes, depths, child, depth + 1);
      }
      continue;
    }
    for (const key in node) {
      const child = (node as Record<string, unknown>)[key];
      if (typeof child === "object" && child !== null) push(nodes, depths, child, depth + 1);
    }
  }
  return false;
}

function push(nodes: object[], depths: number[], node: object, depth: number): void {
  nodes.push(node);
  depths.push(depth);
}
