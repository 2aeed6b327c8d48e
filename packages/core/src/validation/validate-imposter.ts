import { badData, fail, type MbError, ok, type Result } from "../errors.ts";
import { type ImposterDraft, ImposterDraftSchema, PROTOCOLS } from "../schemas/imposter.ts";
import type { Stub } from "../schemas/response.ts";
import { dropImposterNulls } from "./absent-nulls.ts";
import { conform } from "./conform.ts";
import { imposterInjectionErrors } from "./injection-gate.ts";
import { type Limits, resolveLimits, stubCountError } from "./limits.ts";
import { privateCopy } from "./private-copy.ts";
import { upcast } from "./upcast.ts";
import { validateStub } from "./validate-stub.ts";
import { display, isRecord, type JsonRecord } from "./values.ts";

export interface ValidationOptions {
  /** The workspace's `--allowInjection`. */
  allowInjection: boolean;
  /** Overrides of DEFAULT_LIMITS. */
  limits?: Partial<Limits>;
}

const HEADER_SCHEMA = ImposterDraftSchema.omit({ stubs: true });
/** What mb prints about a running imposter; a body copied from its output may carry them. mb ignores them. */
const RUNTIME_FIELDS = ["numberOfRequests", "requests", "_links"] as const;

/**
 * Validates a POSTed imposter (or one of a PUT /imposters list) as mb 2.9.1 does, never throwing: a
 * private copy is upcast, then checked for port and protocol (both reported), then every stub
 * (validate-stub.ts), then the imposter's own fields against the schema. Answers the upcast imposter
 * with a numeric port, or every error in mb's order.
 */
export function validateImposter(input: unknown, options: ValidationOptions): Result<ImposterDraft> {
  const limits = resolveLimits(options.limits);
  const copy = privateCopy(input, limits, "imposter");
  if (!copy.ok) return copy;
  dropImposterNulls(copy.value);
  const imposter: JsonRecord = isRecord(copy.value) ? (upcast(copy.value) as JsonRecord) : {};

  const port = normalizePort(imposter.port);
  const headerErrors = [
    ...(port === "invalid" ? [badData("invalid value for 'port'")] : []),
    ...protocolErrors(imposter),
  ];
  if (headerErrors.length > 0) return fail(...headerErrors);
  if (port !== undefined) imposter.port = port;

  const stubs = validateStubs(imposter, options.allowInjection, limits);
  if (!stubs.ok) return stubs;
  imposter.stubs = stubs.value;
  for (const key of RUNTIME_FIELDS) delete imposter[key];
  const header = conform(HEADER_SCHEMA, imposter, "", () => undefined);
  return header.ok ? ok(imposter as ImposterDraft) : header;
}

/**
 * mb accepts an absent port, or anything whose text has no "." and compares between 0 and 65536, and
 * turns a string into a number. Here: an integer or a string of digits (spaces around them, as Number reads
 * them) in 1..65535; mb's looser cases
 * (null crashes it; true, [80], "0x50" reach the socket and fail there) are `invalid value for 'port'`.
 */
function normalizePort(port: unknown): number | undefined | "invalid" {
  if (port === undefined) return undefined;
  const value =
    typeof port === "number" ? port : typeof port === "string" && /^\s*\d+\s*$/.test(port) ? Number(port) : 0;
  return Number.isInteger(value) && value > 0 && value < 65536 ? value : "invalid";
}

/** tcp and smtp exist in mb but cannot on Workers: refused as if unknown, with mb's message. */
function protocolErrors(imposter: JsonRecord): MbError[] {
  const protocol = imposter.protocol;
  if (protocol === undefined) return [badData("'protocol' is a required field")];
  if (!(PROTOCOLS as readonly unknown[]).includes(protocol)) {
    return [badData(`the ${display(protocol)} protocol is not yet supported`)];
  }
  return [];
}

/**
 * Every stub's errors. mb gathers them per stub plus one group for the imposter's own injection check,
 * then concatenates the groups with a reduce whose arguments are swapped: the imposter's group comes
 * first and the stubs' groups follow in reverse order. Its answers do that, so ours do too.
 */
function validateStubs(imposter: JsonRecord, allowInjection: boolean, limits: Limits): Result<Stub[]> {
  const stubs = imposter.stubs;
  const imposterErrors = imposterInjectionErrors(imposter, allowInjection);
  if (!stubs) return imposterErrors.length > 0 ? fail(...imposterErrors) : ok([]);
  // mb crashes on a non-array (its upcast calls forEach on it).
  if (!Array.isArray(stubs)) return fail(badData("'stubs' must be an array"));
  const countError = stubCountError(stubs.length, limits);
  if (countError) return fail(countError);
  const groups: MbError[][] = [];
  const valid: Stub[] = [];
  stubs.forEach((stub, index) => {
    const result = validateStub(stub, { allowInjection, limits, label: `stubs[${index}]` });
    if (result.ok) valid.push(result.value);
    else groups.push(result.errors);
  });
  const errors = [...imposterErrors, ...groups.reverse().flat()];
  return errors.length > 0 ? fail(...errors) : ok(valid);
}
