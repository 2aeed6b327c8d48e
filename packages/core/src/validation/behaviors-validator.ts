import { badData, type MbError } from "../errors.ts";
import { BEHAVIOR_SPECS, type FieldSpec, type ValueKind } from "./behavior-spec.ts";
import { field, isObjectLike, isRecord } from "./values.ts";

type Report = (path: string, problem: string) => void;

/**
 * Checks a response's `behaviors` array and returns every problem, with mb 2.9.1's messages and order:
 * per element, each recognised key's field errors in key order, then `Unrecognized behavior` (only when
 * nothing was recognised), then `Each behavior object must have only one behavior type`.
 */
export function behaviorErrors(behaviors: unknown, response: unknown): MbError[] {
  if (behaviors === undefined) return [];
  // mb crashes on these shapes; a clear 400 instead.
  if (!Array.isArray(behaviors)) return [badData("'behaviors' must be an array", response)];
  return behaviors.flatMap(elementErrors);
}

function elementErrors(element: unknown): MbError[] {
  if (!isRecord(element)) {
    return [badData("each behavior must be an object with one behavior type as its key", element)];
  }
  const errors: MbError[] = [];
  const recognised: string[] = [];
  const unrecognised: string[] = [];
  for (const key of Object.keys(element)) {
    const spec = Object.hasOwn(BEHAVIOR_SPECS, key) ? BEHAVIOR_SPECS[key] : undefined;
    if (!spec) {
      unrecognised.push(key);
      continue;
    }
    recognised.push(key);
    const report: Report = (path, problem) =>
      errors.push(badData(`${key} behavior "${path}" field ${problem}`, element));
    if ("field" in spec) checkField(element, key, spec.field, report);
    else checkFields(element[key], "", spec.group, report);
  }
  if (recognised.length === 0 && unrecognised.length > 0) {
    errors.push(badData(`Unrecognized behavior: "${unrecognised[0]}"`, element));
  }
  if (recognised.length > 1) {
    errors.push(badData("Each behavior object must have only one behavior type", element));
  }
  return errors;
}

/** Checks each field of `fields`, found at `prefix.name` under `root`. */
function checkFields(
  root: unknown,
  prefix: string,
  fields: Readonly<Record<string, FieldSpec>>,
  report: Report,
) {
  for (const [name, spec] of Object.entries(fields)) {
    checkField(root, prefix === "" ? name : `${prefix}.${name}`, spec, report);
  }
}

function checkField(root: unknown, path: string, spec: FieldSpec, report: Report): void {
  const value = path.split(".").reduce<unknown>((node, name) => field(node, name), root);
  if (value === undefined) {
    if (spec.required) report(path, "required");
    return;
  }
  const kind = kindOf(value);
  const rule = spec.kinds.find(([allowed]) => allowed === kind)?.[1];
  if (!kind || !rule) {
    report(path, typeMessage(spec));
    return;
  }
  if (rule.singleKeyOnly && Object.keys(value as object).length !== 1)
    report(path, "must have exactly one key");
  else if (rule.oneOf && !rule.oneOf.includes(enumValue(value))) {
    report(path, `must be one of [${rule.oneOf.join(", ")}]`);
  } else if (rule.nonNegative && (value as number) < 0) {
    report(path, "must be an integer greater than or equal to 0");
  }
  if (spec.fields) checkFields(root, path, spec.fields, report);
}

/** Arrays count as objects, as `typeof` says; null is no kind at all (mb would crash on it). */
function kindOf(value: unknown): ValueKind | undefined {
  if (typeof value === "string") return "string";
  if (typeof value === "number") return "number";
  return isObjectLike(value) ? "object" : undefined;
}

/** The value an enum compares: a string itself, or an object's first key. */
function enumValue(value: unknown): string {
  if (typeof value === "string") return value;
  const first = isObjectLike(value) ? Object.keys(value)[0] : undefined;
  return first ?? "";
}

const ARTICLE: Record<ValueKind, string> = { string: "a", number: "a", object: "an" };

function typeMessage(spec: FieldSpec): string {
  const kinds = spec.kinds.map(([kind]) => `${ARTICLE[kind]} ${kind}`).join(" or ");
  return spec.representing ? `must be ${kinds}, representing ${spec.representing}` : `must be ${kinds}`;
}
