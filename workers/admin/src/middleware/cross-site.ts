import { type MbError, MbFailure } from "@mockctl/core";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";

/**
 * Who may call the admin API from a browser, read from ALLOWED_ORIGINS (mb's --origin) and ALLOWED_HOSTS
 * (--allowHost), comma-separated; "*" in either turns that check off.
 */
interface Policy {
  anyOrigin: boolean;
  origins: ReadonlySet<string>;
  anyHost: boolean;
  hosts: ReadonlySet<string>;
  /** Entries written ".name": the name and every name under it. */
  suffixes: readonly string[];
}

const entries = (text: string | undefined): string[] =>
  (text ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== "");

/** `http://localhost:3000/` and `http://localhost:3000` are one origin; anything else is kept as written. */
function asOrigin(entry: string): string {
  try {
    const origin = new URL(entry).origin;
    return origin === "null" ? entry : origin;
  } catch {
    return entry;
  }
}

function parsePolicy(env: Env): Policy {
  const origins = entries(env.ALLOWED_ORIGINS);
  // localhost and its subdomains always resolve to this machine (RFC 6761), and so does the zone locally.
  const hosts = [...entries(env.ALLOWED_HOSTS), ".localhost"];
  if (env.ZONE !== "") hosts.push(`.${env.ZONE.toLowerCase()}`);
  return {
    anyOrigin: origins.includes("*"),
    origins: new Set(origins.map(asOrigin)),
    anyHost: hosts.includes("*"),
    hosts: new Set(hosts.filter((host) => !host.startsWith("."))),
    suffixes: hosts.filter((host) => host.startsWith(".")),
  };
}

// The vars are the same on every request: the policy is parsed once per set of values.
let policyKey = "";
let policy: Policy | undefined;

function policyFor(env: Env): Policy {
  const key = `${env.ALLOWED_ORIGINS}\n${env.ALLOWED_HOSTS}\n${env.ZONE}`;
  if (policy === undefined || key !== policyKey) {
    policy = parsePolicy(env);
    policyKey = key;
  }
  return policy;
}

// After URL parsing an IPv4 host is always a dotted quad and an IPv6 one is bracketed.
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * DNS rebinding needs a name: a page's own name pointed at 127.0.0.1 reaches us with that name as Host.
 * An IP address cannot be rebound, so every address is served (as Vite and webpack-dev-server decide).
 */
function serves(hostname: string, rules: Policy): boolean {
  const name = hostname.endsWith(".") ? hostname.slice(0, -1) : hostname;
  if (rules.anyHost || rules.hosts.has(name) || name.startsWith("[") || IPV4.test(name)) return true;
  return rules.suffixes.some((suffix) => name.endsWith(suffix) || name === suffix.slice(1));
}

const refused = (message: string): MbFailure => new MbFailure(forbidden(message));
const forbidden = (message: string): MbError => ({ code: "insufficient access", message });

const hostRefused = (host: string) =>
  refused(
    `The admin API does not answer for host ${host}: it answers localhost, *.localhost, IP addresses and ` +
      `names allowed with --allowHost. Start with --allowHost ${host} to allow this one.`,
  );
const originRefused = (origin: string) =>
  refused(
    `Cross-site request from ${origin} refused: the admin API answers pages of its own origin and of ` +
      `origins allowed with --origin. Start with --origin ${origin} to allow this one.`,
  );
const fetchSiteRefused = () =>
  refused(
    "Cross-site request refused (Sec-Fetch-Site: cross-site, no Origin): pages on other sites may call " +
      "the admin API only from an origin allowed with --origin, sent in an Origin header.",
  );

/** The CORS preflight the cors package answers for mb's --origin: 204, its default methods, headers mirrored. */
function preflight(c: Context<AppEnv>, allowOrigin: string): Response {
  const headers = new Headers({
    "access-control-allow-origin": allowOrigin,
    "access-control-allow-methods": "GET,HEAD,PUT,PATCH,POST,DELETE",
    vary: allowOrigin === "*" ? "Access-Control-Request-Headers" : "Origin, Access-Control-Request-Headers",
  });
  const requested = c.req.header("access-control-request-headers");
  if (requested !== undefined && requested !== "") headers.set("access-control-allow-headers", requested);
  return new Response(null, { status: 204, headers });
}

/**
 * Runs first: a page on another site, or one reached through a rebound name, can neither change nor read
 * anything, not even the API key check's answer. Mountebank has no such check; clients that send no Origin
 * (curl, every Mountebank client) pass as before, and a page of the platform's own origin needs no CORS.
 */
export const crossSite: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  const rules = policyFor(c.env);
  if (!serves(url.hostname, rules)) throw hostRefused(url.hostname);
  const origin = c.req.header("origin")?.toLowerCase();
  if (origin === undefined) {
    if (c.req.header("sec-fetch-site") === "cross-site") throw fetchSiteRefused();
    return next();
  }
  const own = origin === url.origin;
  if (!own && !rules.anyOrigin && !rules.origins.has(origin)) throw originRefused(origin);
  const allowOrigin = rules.anyOrigin ? "*" : origin;
  if (c.req.method === "OPTIONS" && c.req.header("access-control-request-method") !== undefined) {
    return preflight(c, allowOrigin);
  }
  await next();
  if (own) return;
  // As mb's cors middleware: every answer, errors included, readable by the allowed page.
  c.header("access-control-allow-origin", allowOrigin);
  if (allowOrigin !== "*") c.header("vary", "Origin", { append: true });
};
