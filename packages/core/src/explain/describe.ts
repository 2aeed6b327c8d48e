import { compilePredicate, operatorOf } from "../predicates/compile.ts";
import type { Predicate } from "../schemas/predicate.ts";
import { describeField, type FieldPath, firstPath, isPlainObject, nest } from "./field-path.ts";
import type { DescribedPredicate, ExplainContext } from "./types.ts";

/** Runs a predicate through the core's own evaluation (compile.ts): explain never matches by itself. */
export async function holds(predicate: unknown, ctx: ExplainContext): Promise<boolean> {
  return await compilePredicate(predicate as Predicate, { encoding: ctx.encoding })(ctx.view, ctx.inject);
}

async function holdsQuietly(predicate: unknown, ctx: ExplainContext): Promise<boolean> {
  try {
    return await holds(predicate, ctx);
  } catch {
    return false;
  }
}

/**
 * Why a predicate fails (`failing`) or holds (a `not`'s child). A comparison names its first failing field;
 * `and`, `or` and `not` name themselves and carry, as `inner`, the innermost predicate that decided them.
 * Children are evaluated in Mountebank's order and only as far as it goes (some/every), so no inject runs
 * that matching would not have run.
 */
export async function describePredicate(
  predicate: Predicate,
  ctx: ExplainContext,
  failing: boolean,
): Promise<DescribedPredicate> {
  const operator = operatorOf(predicate);
  if (operator === "inject") {
    return { predicate, field: "request", operator, expected: predicate.inject, actual: null };
  }
  if (operator === "and" || operator === "or" || operator === "not") {
    const child = await decidingChild(predicate, operator, ctx, failing);
    const childFails = operator === "not" ? !failing : failing;
    const described = await describePredicate(child, ctx, childFails);
    const inner = described.inner ?? { ...described };
    return { predicate, field: inner.field, operator, expected: inner.expected, actual: inner.actual, inner };
  }
  // Compilation has already refused a predicate without an operator; this keeps the type honest.
  if (operator === undefined)
    return { predicate, field: "", operator: "equals", expected: null, actual: null };
  const expected = predicate[operator];
  const deep = operator !== "deepEquals";
  const path = failing
    ? ((await firstFailingPath(predicate, operator, [], expected, deep, ctx)) ?? firstPath(expected, false))
    : firstPath(expected, deep);
  return { predicate, ...describeField(predicate, operator, path, ctx, failing) };
}

/** `and` fails at its first failing child, `or` at its first (all failed), `not` because its child held. */
async function decidingChild(
  predicate: Predicate,
  operator: "and" | "or" | "not",
  ctx: ExplainContext,
  failing: boolean,
): Promise<Predicate> {
  if (operator === "not") return predicate.not as Predicate;
  const children = (predicate[operator] ?? []) as Predicate[];
  // The child that decided: `and` stops at a failing one, `or` at a holding one; else the first.
  const decides = operator === "or";
  if (failing === decides || children.length === 0) return children[0] ?? {};
  for (const child of children) if ((await holdsQuietly(child, ctx)) === decides) return child;
  return children[0]!;
}

/**
 * The first branch of the expectation that fails on its own, descending into nested objects (query and
 * header names, JSON body keys) while a branch still fails alone. deepEquals compares whole fields, so it
 * is split only at the top level. Undefined when no branch fails alone (an expectation against an array of
 * objects is met by one element as a whole, so its parts can each hold on different elements).
 */
async function firstFailingPath(
  predicate: Predicate,
  operator: string,
  path: FieldPath,
  node: unknown,
  deep: boolean,
  ctx: ExplainContext,
): Promise<FieldPath | undefined> {
  if (!isPlainObject(node)) return undefined;
  for (const key of Object.keys(node)) {
    const branch = [...path, key];
    const alone = { ...predicate, [operator]: nest(branch, node[key]) };
    if (await holdsQuietly(alone, ctx)) continue;
    if (!deep) return branch;
    return (await firstFailingPath(predicate, operator, branch, node[key], deep, ctx)) ?? branch;
  }
  return undefined;
}
