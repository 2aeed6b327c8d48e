import { isRecord } from "./values.ts";

/**
 * Visits every node of a predicate tree (the elements of `predicates`, then what their `not`, `or` and
 * `and` hold), depth first in document order, with its depth (top-level predicates are depth 1). The
 * walk is iterative so that hostile nesting cannot overflow the stack; it stops early when `visit`
 * returns false. Nodes are passed as found, so the visitor sees non-objects too.
 */
export function walkPredicates(
  predicates: unknown,
  visit: (node: unknown, depth: number) => boolean | undefined,
) {
  if (!Array.isArray(predicates)) return;
  const stack: Array<[unknown, number]> = [];
  for (let i = predicates.length - 1; i >= 0; i--) stack.push([predicates[i], 1]);
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (visit(node, depth) === false) return;
    const children = childrenOf(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i], depth + 1]);
  }
}

/** The nested predicates of a node, whichever of its keys the evaluator would pick. */
function childrenOf(node: unknown): unknown[] {
  if (!isRecord(node)) return [];
  const children: unknown[] = [];
  if (node.not !== undefined) children.push(node.not);
  for (const key of ["or", "and"] as const) {
    const list = node[key];
    if (Array.isArray(list)) for (const child of list) children.push(child);
  }
  return children;
}

/** The deepest level of a predicate tree (0 when there are no predicates). */
export function predicateDepth(predicates: unknown): number {
  let deepest = 0;
  walkPredicates(predicates, (_node, depth) => {
    deepest = Math.max(deepest, depth);
    return true;
  });
  return deepest;
}
