import type { Imposter } from "../schemas/imposter.ts";
import { linkedStub, removeProxies, replayableStub } from "./stubs.ts";
import type { ImposterActivity, PrintedImposter, PrintedStub, PrintOptions } from "./types.ts";

/**
 * TLS ends at the platform, so these are echoed as metadata only. Mountebank prints its built-in PEMs when
 * none were given; we print key and cert only when the user sent them.
 */
function httpsMetadata(imposter: Imposter): Record<string, unknown> {
  const metadata: Record<string, unknown> = {};
  if (imposter.key !== undefined) metadata.key = imposter.key;
  if (imposter.cert !== undefined) metadata.cert = imposter.cert;
  metadata.mutualAuth = Boolean(imposter.mutualAuth);
  metadata.rejectUnauthorized = imposter.rejectUnauthorized || false;
  metadata.ca = imposter.ca || null;
  if (imposter.ciphers) metadata.ciphers = imposter.ciphers.toUpperCase();
  return metadata;
}

function header(imposter: Imposter, activity: ImposterActivity, options: PrintOptions): PrintedImposter {
  const result: PrintedImposter = { protocol: imposter.protocol, port: imposter.port };
  if (imposter.name) result.name = imposter.name;
  if (imposter.defaultResponse) result.defaultResponse = imposter.defaultResponse;
  if (options.form !== "replayable") result.numberOfRequests = activity.numberOfRequests;
  if (options.form !== "list") {
    result.recordRequests = Boolean(imposter.recordRequests);
    // Printed only when set, so imposters that never use it print exactly as in Mountebank.
    if (imposter.strict !== undefined) result.strict = imposter.strict;
    // The key's value is a secret: never printed, to any caller, in any form. Its header is, so a reader
    // knows the imposter is protected and a replay of a saved file fails loudly until the value is given.
    if (imposter.requireKey !== undefined) result.requireKey = { header: imposter.requireKey.header };
    if (imposter.protocol === "https") Object.assign(result, httpsMetadata(imposter));
  }
  return result;
}

function links(imposter: Imposter, options: PrintOptions) {
  const self = `${options.origin ?? ""}/imposters/${imposter.port}`;
  return { self: { href: self }, stubs: { href: `${self}/stubs` } };
}

function printedStubs(imposter: Imposter, options: PrintOptions): PrintedStub[] {
  const stubsHref = links(imposter, options).stubs.href;
  let stubs =
    options.form === "replayable"
      ? imposter.stubs.map(replayableStub)
      : imposter.stubs.map((stub, i) => linkedStub(stub, { href: `${stubsHref}/${i}` }));
  if (options.removeProxies) stubs = removeProxies(stubs);
  return stubs;
}

/**
 * Prints an imposter in one of Mountebank's forms with its exact field order: protocol, port, [name],
 * [defaultResponse], numberOfRequests, recordRequests, [strict], [requireKey], <https metadata>, requests, stubs, _links.
 * `allowCORS` is never echoed (Mountebank issue #760). The result shares nested data with `imposter`.
 */
export function printImposter(
  imposter: Imposter,
  activity: ImposterActivity,
  options: PrintOptions,
): PrintedImposter {
  const result = header(imposter, activity, options);
  if (options.form === "full") result.requests = [...activity.requests];
  if (options.form !== "list") result.stubs = printedStubs(imposter, options);
  // Ours, so never in the replayable form: what `mb save` writes and `mb replay` reads is exactly mb's.
  if (options.url !== undefined && options.form !== "replayable") result.url = options.url;
  if (options.form !== "replayable") result._links = links(imposter, options);
  return result;
}
