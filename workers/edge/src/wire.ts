import { asksToClose, CLOSE_AFTER_ANSWER, FAULT_HEADER } from "@mockctl/contract";
import type { ResponseDescription } from "@mockctl/core";

/** What `new Response` takes for one description: bytes, status and headers, built once if possible. */
export interface Wire {
  body: Uint8Array<ArrayBuffer> | null;
  /**
   * Undefined for a plain 200 without headers: the runtime then has no init dictionary to read. Headers are
   * a `Headers`, not a list of pairs: the runtime copies a `Headers` natively, while a list costs a
   * conversion of every name and value each time (infra/bench/BODY-PROFILE.md, section 13).
   */
  init: { status: number; headers?: Headers; encodeBody?: "manual" } | undefined;
}

/** Statuses whose responses cannot carry a body (Response throws if given one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

const encoder = new TextEncoder();

/**
 * Wire forms of the core's precompiled descriptions. The core freezes a description it serves to every
 * request (a plain `is` response, rendered once per engine), so its wire form can be built once too; a
 * changed imposter compiles new descriptions, so an entry is never reached again after a change, and
 * the WeakMap lets it go with its engine. Per-request descriptions are not frozen and are not cached.
 */
const cache = new WeakMap<ResponseDescription, Wire>();

function isFixed(description: ResponseDescription): boolean {
  return Object.isFrozen(description) && Object.isFrozen(description.headers);
}

export function wireOf(description: ResponseDescription): Wire {
  if (!isFixed(description)) return toWire(description);
  let wire = cache.get(description);
  if (wire === undefined) {
    wire = toWire(description);
    cache.set(description, wire);
  }
  return wire;
}

function toWire(description: ResponseDescription): Wire {
  const status = description.statusCode;
  // Bytes, not a string: a string body makes workerd add a Content-Type mb never sends. (The cast: lib.dom,
  // pulled in by xpath's typings, wants ArrayBuffer-backed bytes; the core's and RPC's bytes always are.)
  const body = NULL_BODY.has(status)
    ? null
    : typeof description.body === "string"
      ? encoder.encode(description.body)
      : (description.body as Uint8Array<ArrayBuffer>);
  const entries = Object.entries(description.headers);
  if (entries.length > 0) {
    const headers = new Headers();
    for (const [name, value] of entries) {
      if (Array.isArray(value)) for (const one of value) headers.append(name, String(one));
      else headers.append(name, String(value));
    }
    // The runtime drops a response's Connection header: the mark has the local platform close as asked.
    if (asksToClose(headers.get("connection"))) headers.set(FAULT_HEADER, CLOSE_AFTER_ANSWER);
    // A stub's Content-Encoding describes bytes it already holds (mb's proxy saves gzip answers so): the
    // runtime would otherwise compress them again, and the client would decode to the compressed bytes.
    if (headers.has("content-encoding")) return { body, init: { status, headers, encodeBody: "manual" } };
    return { body, init: { status, headers } };
  }
  return { body, init: status === 200 ? undefined : { status } };
}
