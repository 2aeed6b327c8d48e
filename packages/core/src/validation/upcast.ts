import { isObjectLike, isRecord, type JsonRecord } from "./values.ts";

/**
 * The order Mountebank's first behaviors implementation composed a legacy `_behaviors` object in; the
 * upcast array keeps it so old imposters behave as they always did.
 */
const LEGACY_BEHAVIOR_ORDER = ["wait", "lookup", "copy", "shellTransform", "decorate"] as const;

/**
 * Mountebank's `compatibility.upcast` for http(s) imposters: every response's legacy `_behaviors` object
 * becomes a `behaviors` array and `_behaviors.repeat` becomes `repeat`. Returns a new imposter (containers
 * down to each response are copied; untouched leaves are shared) and never mutates the input. Shapes it
 * cannot walk are passed through as they are, for the validator to report.
 */
export function upcast(imposter: unknown): unknown {
  if (!isRecord(imposter) || !Array.isArray(imposter.stubs)) return imposter;
  return { ...imposter, stubs: imposter.stubs.map(upcastStub) };
}

/** The same upcast for one stub, as the stub endpoints need it. */
export function upcastStub(stub: unknown): unknown {
  if (!isRecord(stub) || !Array.isArray(stub.responses)) return stub;
  return { ...stub, responses: stub.responses.map(upcastResponse) };
}

function upcastResponse(response: unknown): unknown {
  if (!isRecord(response) || !canUpcast(response)) return response;
  const legacy = response._behaviors as JsonRecord;
  const behaviors: JsonRecord[] = [];
  for (const key of LEGACY_BEHAVIOR_ORDER) {
    const value = legacy[key];
    if (value === undefined) continue;
    // A legacy value could already be a list (shellTransform pipelines, several copies): one behavior each.
    for (const element of Array.isArray(value) ? value : [value]) behaviors.push({ [key]: element });
  }
  const { _behaviors: _dropped, ...rest } = response;
  const result: JsonRecord = rest;
  if (legacy.repeat !== undefined) result.repeat = legacy.repeat;
  result.behaviors = behaviors;
  return result;
}

/** Mountebank upcasts only when neither new field is set, and `_behaviors` is any object (arrays too). */
function canUpcast(response: JsonRecord): boolean {
  return (
    response.behaviors === undefined && response.repeat === undefined && isObjectLike(response._behaviors)
  );
}
