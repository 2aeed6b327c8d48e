import type { WireRequest, WireResponse } from "./wire.ts";

/** What the admin side answered to `POST /imposters` (or its in-process equivalent). */
export interface CreateResult {
  status: number;
  body: unknown;
}

/**
 * Something that serves imposters: the real Mountebank, our core in-process, or later the platform's
 * edge Worker (`/i/<port>/…`). Cases talk only to this, so the same data runs against every target.
 */
export interface Target {
  readonly name: string;
  /** POSTs the imposter JSON exactly as given; `port` in it is the imposter's id. */
  createImposter(json: unknown): Promise<CreateResult>;
  /** Sends one request to the imposter with that port (id). */
  request(port: number, req: WireRequest): Promise<WireResponse>;
  /** The imposter's `requests` as `GET /imposters/:id` lists them, where the target records (admin API targets). */
  recordedRequests?(port: number): Promise<unknown[]>;
  /** Deletes the imposter; a missing one is not an error (Mountebank answers 200 `{}` too). */
  deleteImposter(port: number): Promise<void>;
  /** Releases whatever the target holds (servers, sockets). */
  close(): Promise<void>;
}
