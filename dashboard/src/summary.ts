import type { Predicate, Stub, StubResponse } from "@mockctl/core";

const OPERATORS = ["equals", "deepEquals", "contains", "startsWith", "endsWith", "matches", "exists"];
const MAX = 80;

function short(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : JSON.stringify(value ?? null);
  return text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text;
}

/** `path = "/hello"`, `query.q = "x"`: each field of an operator's object, flattened one level. */
function fields(value: unknown): string[] {
  if (typeof value !== "object" || value === null) return [short(value)];
  return Object.entries(value).flatMap(([key, inner]) =>
    typeof inner === "object" && inner !== null && !Array.isArray(inner)
      ? Object.entries(inner).map(([sub, leaf]) => `${key}.${sub} ${short(leaf)}`)
      : [`${key} ${short(inner)}`],
  );
}

/** One predicate at a glance, e.g. `equals path "/hello"`, `not(contains body "x")`, `inject`. */
export function describePredicate(predicate: Predicate): string {
  const record = predicate as Record<string, unknown>;
  if (Array.isArray(record.or)) return `or(${(record.or as Predicate[]).map(describePredicate).join(" | ")})`;
  if (Array.isArray(record.and))
    return `and(${(record.and as Predicate[]).map(describePredicate).join(" & ")})`;
  if (record.not !== undefined) return `not(${describePredicate(record.not as Predicate)})`;
  if (record.inject !== undefined) return "inject(function)";
  const operator = OPERATORS.find((name) => record[name] !== undefined);
  if (operator === undefined) return short(predicate);
  const options = [
    record.caseSensitive ? "case-sensitive" : "",
    record.jsonpath ? `jsonpath ${(record.jsonpath as { selector: string }).selector}` : "",
    record.xpath ? `xpath ${(record.xpath as { selector: string }).selector}` : "",
  ].filter(Boolean);
  const suffix = options.length > 0 ? ` [${options.join(", ")}]` : "";
  return `${operator} ${fields(record[operator]).join(", ")}${suffix}`;
}

/** A behavior at a glance: `wait 500 ms`, `decorate(function)`, `copy`; a wait is what a reader looks for. */
function describeBehavior(behavior: unknown): string[] {
  if (typeof behavior !== "object" || behavior === null) return [];
  return Object.entries(behavior).map(([name, value]) => {
    if (name === "wait") return typeof value === "number" ? `wait ${value} ms` : "wait(function)";
    if (name === "decorate") return "decorate(function)";
    return name;
  });
}

/** ` with wait 500 ms, copy`, or nothing: the behaviors change the answer, so the row says they are there. */
function behaviors(record: Record<string, unknown>): string {
  const list = Array.isArray(record.behaviors) ? record.behaviors.flatMap(describeBehavior) : [];
  return list.length === 0 ? "" : ` with ${list.join(", ")}`;
}

/** One response at a glance, e.g. `is 200 "hi"`, `proxy → https://api`, `fault CONNECTION_RESET_BY_PEER`. */
export function describeResponse(response: StubResponse): string {
  const record = response as Record<string, unknown>;
  const suffix = `${typeof record.repeat === "number" ? ` ×${record.repeat}` : ""}${behaviors(record)}`;
  if (record.is !== undefined) {
    const is = record.is as { statusCode?: unknown; body?: unknown };
    const body = is.body === undefined ? "" : ` ${short(is.body)}`;
    return `is ${String(is.statusCode ?? 200)}${body}${suffix}`;
  }
  if (record.proxy !== undefined) {
    const proxy = record.proxy as { to?: unknown; mode?: unknown };
    return `proxy → ${String(proxy.to)} (${String(proxy.mode ?? "proxyOnce")})${suffix}`;
  }
  if (record.inject !== undefined) return `inject(function)${suffix}`;
  if (record.fault !== undefined) return `fault ${String(record.fault)}${suffix}`;
  return short(response);
}

/** The stub's predicates (or "matches everything") and its responses, as two short lines. */
export function describeStub(stub: Stub): { when: string; answers: string } {
  const predicates = (stub.predicates ?? []) as Predicate[];
  const responses = (stub.responses ?? []) as StubResponse[];
  return {
    when: predicates.length === 0 ? "any request" : predicates.map(describePredicate).join(" & "),
    answers:
      responses.length === 0 ? "the default response" : responses.map(describeResponse).join(", then "),
  };
}
