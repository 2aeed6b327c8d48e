import type { FieldMap, MbRequest, ResponseDescription } from "../schemas/request.ts";
import { setHeader } from "./headers.ts";

function requestHeader(headers: FieldMap, name: string): string | string[] | undefined {
  const wanted = name.toLowerCase();
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === wanted);
  return key === undefined ? undefined : headers[key];
}

/**
 * allowCORS, as Mountebank's postProcess applies it: it does not answer the preflight itself, it decorates
 * whatever response the request resolved to (matched stub or default) when the request is an OPTIONS
 * carrying non-empty Access-Control-Request-Headers, Access-Control-Request-Method and Origin. The request
 * values are echoed into Access-Control-Allow-*, keeping the spelling of a header the response already has.
 * Returns a new description, so a precompiled one can be shared between requests.
 */
export function applyCors(response: ResponseDescription, request: MbRequest): ResponseDescription {
  if (request.method !== "OPTIONS") return response;
  const allowHeaders = requestHeader(request.headers, "Access-Control-Request-Headers");
  const allowMethods = requestHeader(request.headers, "Access-Control-Request-Method");
  const origin = requestHeader(request.headers, "Origin");
  if (!allowHeaders || !allowMethods || !origin) return response;

  const headers = { ...response.headers };
  setHeader(headers, "Access-Control-Allow-Headers", allowHeaders);
  setHeader(headers, "Access-Control-Allow-Methods", allowMethods);
  setHeader(headers, "Access-Control-Allow-Origin", origin);
  return { ...response, headers };
}
