import type { FieldMap, HeaderSource, MbRequest } from "../schemas/request.ts";
import { parseQueryString } from "./querystring.ts";

/** Field names in Mountebank's order (`models/http/httpRequest.js`), without and with a form. */
const KEYS = ["requestFrom", "method", "path", "query", "headers", "body", "ip"] as const;
const KEYS_WITH_FORM = [...KEYS, "form"] as const;

type Pairs = ReadonlyArray<readonly [string, string]>;

/**
 * Mountebank's request, whose header, query and form maps are built the first time something reads them
 * (issue 12: copying every header into the model was 14% of a request's time inside workerd, paid even by
 * imposters whose stubs never look at a header). Reads give exactly what the eager model gave.
 *
 * The lazy fields are accessors on the prototype, so `Object.keys` and spreads do not see them: enumerate
 * a request with `requestKeys` and copy it with `plainRequest`. `JSON.stringify` prints the plain form.
 */
export class LazyRequest implements MbRequest {
  #query: FieldMap | undefined;
  #headers: FieldMap | undefined;
  #form: FieldMap | null | undefined;
  readonly #search: string;
  readonly #source: Pairs | HeaderSource;

  constructor(
    readonly requestFrom: string,
    readonly method: string,
    readonly path: string,
    readonly body: string,
    readonly ip: string,
    search: string,
    source: Pairs | HeaderSource,
  ) {
    this.#search = search;
    this.#source = source;
  }

  get query(): FieldMap {
    this.#query ??= parseQueryString(this.#search);
    return this.#query;
  }

  get headers(): FieldMap {
    this.#headers ??= headerMap(this.#source);
    return this.#headers;
  }

  /** Only for a non-empty body whose Content-Type media type is exactly the urlencoded form's. */
  get form(): FieldMap | undefined {
    if (this.#form === undefined) {
      const isForm = this.body !== "" && isUrlEncodedForm(this.contentType());
      this.#form = isForm ? parseQueryString(this.body) : null;
    }
    return this.#form ?? undefined;
  }

  /** The field names, as `Object.keys` gives them for the plain request. */
  keys(): readonly string[] {
    return this.form === undefined ? KEYS : KEYS_WITH_FORM;
  }

  toJSON(): MbRequest {
    return plainRequest(this);
  }

  /** From a lazy source without building the header map; pairs are looked up as the map would. */
  private contentType(): string | string[] | undefined {
    const source = this.#source;
    if (this.#headers !== undefined || isPairs(source)) return firstHeader(this.headers, "content-type");
    return source.get("content-type") ?? undefined;
  }
}

const isPairs = (source: Pairs | HeaderSource): source is Pairs => Array.isArray(source);

/** The names of a request's fields in Mountebank's order, for a lazy request and a plain one alike. */
export function requestKeys(request: MbRequest): readonly string[] {
  return request instanceof LazyRequest ? request.keys() : Object.keys(request);
}

/** A plain object with every field of the request as own properties (a plain request is returned as is). */
export function plainRequest(request: MbRequest): MbRequest {
  if (!(request instanceof LazyRequest)) return request;
  const { requestFrom, method, path, query, headers, body, ip, form } = request;
  const plain: MbRequest = { requestFrom, method, path, query, headers, body, ip };
  if (form !== undefined) plain.form = form;
  return plain;
}

/**
 * Mountebank's `headersMap.ofRaw`: names are compared exactly (so `X-A` and `x-a` stay apart), a repeated
 * name turns into an array, and, as there, a repeat after an empty value replaces it instead.
 */
function headerMap(source: Pairs | HeaderSource): FieldMap {
  const headers: FieldMap = Object.create(null);
  const add = (value: string, name: string) => {
    const current = headers[name];
    if (Array.isArray(current)) current.push(value);
    else headers[name] = current ? [current, value] : value;
  };
  if (isPairs(source)) for (const [name, value] of source) add(value, name);
  else source.forEach(add);
  return headers;
}

/** The first header whose name matches case-insensitively, as `headersMap.get` finds it. */
function firstHeader(headers: FieldMap, name: string): string | string[] | undefined {
  for (const key of Object.keys(headers)) {
    if (key.toLowerCase() === name) return headers[key];
  }
  return undefined;
}

function isUrlEncodedForm(contentType: string | string[] | undefined): boolean {
  // Mountebank crashes on a repeated Content-Type (an array has no trim); here it is simply not a form.
  if (typeof contentType !== "string" || contentType === "") return false;
  const semicolon = contentType.indexOf(";");
  const mediaType = semicolon < 0 ? contentType : contentType.slice(0, semicolon);
  return mediaType.trim() === "application/x-www-form-urlencoded";
}
