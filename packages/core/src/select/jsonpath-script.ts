import { JSONPath } from "jsonpath-plus";
import { compileUserRegex } from "../regex/index.ts";

/**
 * jsonpath-plus's safe evaluator, with one more rule for filter scripts (`$[?(@.name.match(/^a/))]`):
 * a regular expression in a script runs only when src/regex proves V8 runs it in linear time (issue 15).
 * Scripts reach V8's backtracking engine two ways, both checked here before the script is first run:
 * a regex literal, and `match`/`matchAll`/`search`, which turn a string argument into a RegExp. Any
 * other way to name those methods (`x["match"]`, `x[@.k]`, `x.match.call`) is refused too, since its
 * argument could not be checked. `replace` and `split` with a string treat it as plain text.
 *
 * A refused script fails like any script that throws: the selector selects nothing, as Mountebank's
 * jsonpath does for a broken script. `jsonPathScriptProblem` reports it when the imposter is created.
 */
interface AstNode {
  readonly type: string;
  readonly [key: string]: unknown;
}
interface Script {
  readonly ast: AstNode;
  runInNewContext(context: object): unknown;
}
const SafeScript = (JSONPath.prototype as unknown as { safeVm: { Script: new (code: string) => Script } })
  .safeVm.Script;

/** String methods that compile a string argument into a RegExp. */
const CONVERTING: ReadonlySet<string> = new Set(["match", "matchAll", "search"]);

export class RegexRefused extends Error {}

export class LinearScript extends SafeScript {
  constructor(code: string) {
    super(code);
    checkScript(this.ast);
  }

  // jsonpath-plus takes a class as `eval` only when runInNewContext is its own prototype's.
  override runInNewContext(context: object): unknown {
    return super.runInNewContext(context);
  }
}

function checkScript(root: AstNode): void {
  const pending: AstNode[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    const children = checkNode(node);
    for (const value of children) {
      if (Array.isArray(value)) pending.push(...value.filter(isNode));
      else if (isNode(value)) pending.push(value);
    }
  }
}

/** Checks one node and returns what to walk next (a checked regex call leaves out its method name). */
function checkNode(node: AstNode): unknown[] {
  if (node.type === "Literal" && node.value instanceof RegExp)
    checkPattern(node.value.source, node.value.flags);
  if (node.type === "MemberExpression") {
    const property = node.property as AstNode;
    const name = node.computed
      ? property.type === "Literal"
        ? String(property.value)
        : undefined
      : property.name;
    if (name === undefined || CONVERTING.has(String(name))) refuse("a regex method reached another way");
  }
  if (node.type === "CallExpression" && isConvertingCall(node.callee)) {
    const [pattern] = node.arguments as AstNode[];
    if (pattern?.type !== "Literal") refuse("a pattern that is not a literal");
    if (typeof pattern.value === "string") checkPattern(pattern.value, "");
    return [(node.callee as AstNode).object, node.arguments];
  }
  return Object.values(node);
}

function isConvertingCall(callee: unknown): boolean {
  if (!isNode(callee) || callee.type !== "MemberExpression" || callee.computed) return false;
  return CONVERTING.has(String((callee.property as AstNode).name));
}

function checkPattern(source: string, flags: string): void {
  if (!/^[gim]*$/.test(flags) || compileUserRegex(source, flags).engine !== "v8") {
    refuse(`/${source}/${flags}, which is not provably linear`);
  }
}

function refuse(what: string): never {
  throw new RegexRefused(
    `a jsonpath script may use only regular expressions that run in linear time: ${what}`,
  );
}

function isNode(value: unknown): value is AstNode {
  return typeof value === "object" && value !== null && typeof (value as AstNode).type === "string";
}

/**
 * The refusal a selector's scripts meet, found when the imposter is created; undefined when they pass
 * or do not parse (a malformed script selects nothing, as in Mountebank).
 */
export function jsonPathScriptProblem(selector: string): string | undefined {
  let steps: string[];
  try {
    steps = JSONPath.toPathArray(selector);
  } catch {
    return undefined;
  }
  for (const step of steps) {
    const code = /^\??\((.*)\)$/s.exec(step)?.[1];
    if (code === undefined) continue;
    try {
      new LinearScript(code.replaceAll(/@([.\s)[])/gu, "_$$_v$1").replaceAll("@", "_$$_"));
    } catch (error) {
      if (error instanceof RegexRefused) return error.message;
    }
  }
  return undefined;
}
