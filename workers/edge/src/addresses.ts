import { type ImposterAddress, ownPortAddress, resolveAddress } from "@mockctl/contract";

/**
 * The address of a request's URL, remembered. Splitting `request.url` and reading its prefix took a memo hit
 * 1–1.5 µs in V8's samples in every profile of issue 12 (BODY-PROFILE.md, section 27): the largest part of
 * what the platform's own code adds to a hit, on URLs a test sends over and over. Both functions are pure
 * (of the URL and the zone, or of the URL and the own port), so the address remembered is the one they
 * would give again; frozen, as every request that sends the URL shares it.
 *
 * Bounded: after ADDRESSES_KEPT URLs the cache starts over, so a stream of distinct URLs (random query
 * strings) costs a lookup that fails and an insert; a URL longer than LONGEST_KEPT is not kept, so the
 * cache holds no more than about 128k characters of them.
 */
export const ADDRESSES_KEPT = 512;
export const LONGEST_KEPT = 256;
/** A port has at most five digits: an own-port header longer than that names no imposter and is not a key. */
const LONGEST_PORT = 5;

type Kept = Map<string, ImposterAddress | null>;

const byUrl: Kept = new Map();
/** By own port (OWN_PORT_HEADER's value), then by URL. */
const byOwnPort = new Map<string, Kept>();
let kept = 0;
let zoneSeen: string | undefined;

function forgetAll(): void {
  byUrl.clear();
  byOwnPort.clear();
  kept = 0;
}

function ownPortCache(ownPort: string): Kept {
  let cache = byOwnPort.get(ownPort);
  if (cache === undefined) {
    cache = new Map();
    byOwnPort.set(ownPort, cache);
  }
  return cache;
}

function keep(ownPort: string | null, href: string, address: ImposterAddress | null): ImposterAddress | null {
  const frozen = address === null ? null : Object.freeze(address);
  if (href.length > LONGEST_KEPT || (ownPort !== null && ownPort.length > LONGEST_PORT)) return frozen;
  if (kept >= ADDRESSES_KEPT) forgetAll();
  const cache = ownPort === null ? byUrl : ownPortCache(ownPort);
  cache.set(href, frozen);
  kept++;
  return frozen;
}

/** resolveAddress(href, zone), or ownPortAddress(href, ownPort) for a request the launcher forwarded. */
export function addressOf(href: string, zone: string, ownPort: string | null): ImposterAddress | null {
  if (zone !== zoneSeen) {
    zoneSeen = zone;
    forgetAll();
  }
  if (ownPort === null) {
    const address = byUrl.get(href);
    return address !== undefined ? address : keep(null, href, resolveAddress(href, zone));
  }
  const address = byOwnPort.get(ownPort)?.get(href);
  return address !== undefined ? address : keep(ownPort, href, ownPortAddress(href, ownPort));
}
