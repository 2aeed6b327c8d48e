import { selectorOf } from "../predicates/comparison.ts";
import { foldOf } from "../predicates/fold.ts";
import { type ActualSide, actualSide } from "../predicates/normalize.ts";
import type { Predicate } from "../schemas/predicate.ts";
import { type DenseSet, nonZeroWords, type SparseSet } from "./bitset.ts";
import { NO_MATCH, readBodyPath, UNJUDGED } from "./body-path.ts";
import { type EqSpec, eqId } from "./constraints.ts";
import { requestBodyKey } from "./deep-body.ts";
import type { RequestScan } from "./request-scan.ts";
import type { Dimension, Slot } from "./slot.ts";
import { attributeValues } from "./xpath-attribute.ts";

const COST: Record<EqSpec["kind"], number> = {
  method: 1,
  path: 1,
  body: 2,
  headers: 2,
  query: 2,
  bodyField: 5,
  bodyPath: 5,
  bodyShape: 6,
  jsonpath: 8,
  xpath: 9,
  xpathAttribute: 9,
};

/** A dimension compared by equality: one hash lookup per request value. */
export class EqDimension implements Dimension {
  readonly id: string;
  readonly cost: number;
  readonly unconstrainedWords: number;
  /** For selector dimensions: the evaluator's view of the selected body, shared through its cache. */
  private readonly selection: ActualSide | undefined;

  constructor(
    readonly spec: EqSpec,
    private readonly keys: ReadonlyMap<string, SparseSet>,
    readonly unconstrained: DenseSet,
  ) {
    this.id = eqId(spec);
    this.cost = COST[spec.kind];
    this.unconstrainedWords = nonZeroWords(unconstrained);
    this.selection = selectionSide(spec);
  }

  collect(scan: RequestScan, slot: Slot): boolean {
    const spec = this.spec;
    switch (spec.kind) {
      case "method":
        return this.add(slot, spec.fold ? scan.foldedMethod() : scan.request.method);
      case "path":
        return this.add(slot, spec.fold ? scan.foldedPath() : scan.request.path);
      case "body":
        return this.add(slot, spec.fold ? scan.foldedBody() : scan.request.body);
      case "headers":
      case "query": {
        const texts = scan.fieldTexts(spec, spec.fold);
        if (texts === undefined) return false;
        if (typeof texts === "string") return this.add(slot, texts);
        for (const text of texts) this.add(slot, text);
        return true;
      }
      case "bodyField":
        return this.addBodyField(slot, scan, spec.name);
      case "bodyPath": {
        const leaf = readBodyPath(scan, spec.path);
        return leaf === NO_MATCH || (leaf !== UNJUDGED && this.addSelection(slot, leaf));
      }
      case "bodyShape": {
        // Undefined (no body field at all) equals no stub's text.
        const key = requestBodyKey(scan.view);
        if (key !== undefined) this.add(slot, key);
        return true;
      }
      case "xpathAttribute": {
        const values = attributeValues(scan, spec.element, spec.attribute);
        return values !== undefined && this.addJson(slot, values);
      }
      case "jsonpath":
      case "xpath":
        return this.addSelection(slot, this.selection!.field(scan.view, "body"));
    }
  }

  private add(slot: Slot, key: string): true {
    slot.add(this.keys.get(key));
    return true;
  }

  private addBodyField(slot: Slot, scan: RequestScan, name: string): boolean {
    const root = scan.bodyRoot();
    if (root.kind === "empty") return true;
    if (root.kind === "scalar") return this.add(slot, "");
    if (root.kind === "unknown") return false;
    const value = root.fields[name];
    if (value === undefined) return this.add(slot, "");
    return this.addJson(slot, Array.isArray(value) ? value : [value]);
  }

  /** A selection (one value unwrapped, as compared): nothing selected reads as '', an array matches by any. */
  private addSelection(slot: Slot, selected: unknown): boolean {
    if (selected === undefined) return this.add(slot, "");
    return this.addJson(slot, Array.isArray(selected) ? selected : [selected]);
  }

  /** Values already folded; scalars compare by their string form; null, objects and arrays are not judged. */
  private addJson(slot: Slot, values: readonly unknown[]): boolean {
    for (const value of values) {
      if (typeof value === "string") this.add(slot, value);
      else if (typeof value === "number" || typeof value === "boolean") this.add(slot, String(value));
      else return false;
    }
    return true;
  }
}

/**
 * The request side a default-folding `equals` with this selector evaluates through. Built from the same
 * inputs as the evaluator's (a predicate with the same parameters), so it shares the RequestView cache
 * entry: the selector runs once per request, whether the index or a predicate asks first.
 */
function selectionSide(spec: EqSpec): ActualSide | undefined {
  let predicate: Predicate;
  if (spec.kind === "jsonpath") predicate = { equals: {}, jsonpath: { selector: spec.selector } };
  else if (spec.kind === "xpath")
    predicate = { equals: {}, xpath: { selector: spec.selector, ns: { ...spec.ns } } };
  else return undefined;
  return actualSide(foldOf(predicate), selectorOf(predicate), false);
}
