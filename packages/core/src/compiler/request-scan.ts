import { DEFAULT_FOLD } from "../predicates/fold.ts";
import { actualSide } from "../predicates/normalize.ts";
import type { RequestView } from "../predicates/types.ts";
import type { MbRequest } from "../schemas/request.ts";
import type { FieldTarget } from "./constraints.ts";
import { foldCase } from "./leaf-params.ts";

/** What a JSON body looks like to a predicate reaching into its fields (after Mountebank's `tryJSON`). */
export type BodyRoot =
  /** The body is empty: an object expectation fails outright. */
  | { readonly kind: "empty" }
  /** Not JSON, or a JSON string/number/boolean: every field reads as missing. */
  | { readonly kind: "scalar" }
  /** A JSON object, keys and strings lower-cased, the last duplicate key winning. */
  | { readonly kind: "object"; readonly fields: Readonly<Record<string, unknown>> }
  /** Something the index does not model (an array, `null`, a `__proto__` key): do not judge. */
  | { readonly kind: "unknown" };

/**
 * The request attributes the route index reads, each computed at most once per request and only when a
 * dimension asks for it. Values follow Mountebank's default transforms (lower-casing keys and values).
 */
export class RequestScan {
  readonly request: MbRequest;
  private path?: string;
  private method?: string;
  private body?: string;
  private foldedFields?: Map<string, Map<string, unknown[]>>;
  private root?: BodyRoot;

  constructor(readonly view: RequestView) {
    this.request = view.request;
  }

  foldedPath(): string {
    this.path ??= foldCase(this.request.path);
    return this.path;
  }

  foldedMethod(): string {
    this.method ??= foldCase(this.request.method);
    return this.method;
  }

  foldedBody(): string {
    this.body ??= foldCase(this.request.body);
    return this.body;
  }

  /**
   * The values of one header or query name: a string, an array (repeated names), or undefined when
   * absent. With `keyFold`, every name that lower-cases to `name` contributes: Mountebank keeps only
   * the last of them, so the union is a superset of what it compares.
   */
  fieldValues(kind: "headers" | "query", name: string, keyFold: boolean): unknown {
    const source: Record<string, unknown> = this.request[kind];
    if (!keyFold) return Object.hasOwn(source, name) ? source[name] : undefined;
    this.foldedFields ??= new Map();
    let folded = this.foldedFields.get(kind);
    if (folded === undefined) {
      folded = new Map();
      for (const key of Object.keys(source)) {
        const target = foldCase(key);
        const values = folded.get(target) ?? [];
        values.push(source[key]);
        folded.set(target, values);
      }
      this.foldedFields.set(kind, folded);
    }
    const values = folded.get(name);
    return values === undefined ? undefined : values.length === 1 ? values[0] : values.flat();
  }

  /**
   * The header or query map as a default-folding predicate sees it (names and values lower-cased, the
   * last of two names that fold alike winning), from the evaluator's RequestView cache entry.
   */
  defaultFields(kind: "headers" | "query"): Readonly<Record<string, unknown>> | undefined {
    const fields = DEFAULT_SIDE.field(this.view, kind);
    return typeof fields === "object" && fields !== null ? (fields as Record<string, unknown>) : undefined;
  }

  /**
   * The values of one header or query name as a predicate compares them: every value (a repeated name
   * gives several), folded when `fold`; a missing name reads as `''`. Undefined when a value is not a
   * string, which the index does not judge. With default folding the evaluator's own folded map is read
   * (of names that fold alike, the last wins); otherwise every name that folds alike contributes, a superset.
   * A single value comes back as a string: it is every request's case, and lists of one cost header and
   * query routing two allocations a match, 5–10% of bench:core's time for them (BODY-PROFILE.md, 25).
   */
  fieldTexts(target: FieldTarget, fold: boolean): string | readonly string[] | undefined {
    const folded = target.keyFold && fold;
    const value = folded
      ? this.defaultFields(target.kind)?.[target.name]
      : this.fieldValues(target.kind, target.name, target.keyFold);
    const refold = fold && !folded;
    if (value === undefined) return "";
    if (typeof value === "string") return refold ? foldCase(value) : value;
    if (!Array.isArray(value)) return undefined;
    const texts: string[] = [];
    for (const text of value) {
      if (typeof text !== "string") return undefined;
      texts.push(refold ? foldCase(text) : text);
    }
    return texts;
  }

  bodyRoot(): BodyRoot {
    this.root ??= readRoot(this.foldedBody(), this.foldedJson());
    return this.root;
  }

  /**
   * The body as the evaluator's `tryJSON` leaves it (keys and strings lower-cased), from the same
   * RequestView cache, so the predicates that run afterwards do not parse it again. The text itself
   * when it is not JSON.
   */
  foldedJson(): unknown {
    return DEFAULT_SIDE.parseJson(this.view, this.foldedBody());
  }
}

const DEFAULT_SIDE = actualSide(DEFAULT_FOLD, undefined, false);

function readRoot(text: string, tree: unknown): BodyRoot {
  if (text === "") return { kind: "empty" };
  if (tree === null || Array.isArray(tree)) return { kind: "unknown" };
  if (typeof tree !== "object") return { kind: "scalar" };
  // A `__proto__` key in the body replaces the prototype when the tree is rebuilt (as in Mountebank), so
  // field reads may find inherited values.
  if (Object.getPrototypeOf(tree) !== Object.prototype) return { kind: "unknown" };
  return { kind: "object", fields: tree as Readonly<Record<string, unknown>> };
}
