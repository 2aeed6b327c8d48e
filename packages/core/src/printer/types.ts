import type { MbRequest } from "../schemas/request.ts";

/**
 * Mountebank's output forms (models/imposterPrinter.js): `list` for GET /imposters without flags, `full` for
 * a single imposter, `replayable` for save/replay (no runtime state, no links).
 */
export type PrintForm = "list" | "full" | "replayable";

export interface PrintOptions {
  form: PrintForm;
  /** Drops every response with a `proxy` key, then any stub left without responses. */
  removeProxies?: boolean;
  /**
   * Prefixed to every `_links` href, e.g. `http://localhost:2525`. Mountebank's middleware makes links
   * absolute from the request's Host; the printer does it directly so user data is never rewritten.
   */
  origin?: string;
  /** Where the platform serves the imposter; printed as `url` just before `_links` (our addition; not in the replayable form). */
  url?: string;
}

/** What the imposter's Durable Object counts and journals; printed only in the full and list forms. */
export interface ImposterActivity {
  numberOfRequests: number;
  requests: readonly MbRequest[];
}

/** Printed JSON: plain data, key order significant (Mountebank's docs compare bodies byte for byte). */
export type PrintedImposter = Record<string, unknown>;
export type PrintedStub = Record<string, unknown>;

export interface Link {
  href: string;
}
