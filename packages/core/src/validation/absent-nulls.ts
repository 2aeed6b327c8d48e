import { RESPONSE_TYPES } from "../schemas/response.ts";
import { isRecord, type JsonRecord } from "./values.ts";

// mb reads optional fields by truthiness (`stub.predicates || []`, `if (predicate.caseSensitive)`), so an
// explicit null is the field left out. Typed clients write such nulls for every unset property (Jackson,
// Newtonsoft, Go pointer fields), and refusing them refused whole imposters mb accepts. Only the fields
// below: elsewhere a null means something (a body, an operator's value) or mb refuses it too (`repeat`).
const IMPOSTER = ["name", "defaultResponse", "recordRequests", "allowCORS", "stubs"];
const TLS = ["key", "cert", "mutualAuth", "rejectUnauthorized", "ca", "ciphers"];
const STUB = ["predicates"];
const IS = ["headers", "statusCode", "_mode", "_proxyResponseTime"];
const PREDICATE = ["caseSensitive", "except", "keyCaseSensitive", "jsonpath", "xpath"];
const PROXY = ["mode", "predicateGenerators", "addWaitBehavior", "addDecorateBehavior", "injectHeaders"];
const GENERATOR = ["matches", "ignore", "inject", "predicateOperator", ...PREDICATE];

function drop(record: JsonRecord, keys: readonly string[]): void {
  for (const key of keys) if (record[key] === null) delete record[key];
}

function predicate(value: unknown): void {
  if (!isRecord(value)) return;
  drop(value, PREDICATE);
  for (const inner of [value.and, value.or].flat()) predicate(inner);
  predicate(value.not);
}

function proxy(value: JsonRecord): void {
  drop(value, PROXY);
  if (!Array.isArray(value.predicateGenerators)) return;
  for (const generator of value.predicateGenerators) if (isRecord(generator)) drop(generator, GENERATOR);
}

/** Drops the explicit nulls of one stub's optional fields, in place: `stub` is a private copy. */
export function dropStubNulls(stub: unknown): void {
  if (!isRecord(stub)) return;
  drop(stub, STUB);
  if (Array.isArray(stub.predicates)) stub.predicates.forEach(predicate);
  if (!Array.isArray(stub.responses)) return;
  for (const response of stub.responses) {
    if (!isRecord(response)) continue;
    if (response.behaviors === null) delete response.behaviors;
    // A null type beside a real one is left out; alone, mb names the response (with its null) as of no type.
    if (RESPONSE_TYPES.some((type) => Boolean(response[type]))) drop(response, RESPONSE_TYPES);
    if (isRecord(response.is)) drop(response.is, IS);
    if (isRecord(response.proxy)) proxy(response.proxy);
  }
}

/** The same for a whole imposter, its stubs and its defaultResponse, in place: a private copy. */
export function dropImposterNulls(imposter: unknown): void {
  if (!isRecord(imposter)) return;
  drop(imposter, [...IMPOSTER, ...TLS]);
  if (isRecord(imposter.defaultResponse)) drop(imposter.defaultResponse, IS);
  if (Array.isArray(imposter.stubs)) imposter.stubs.forEach(dropStubNulls);
}
