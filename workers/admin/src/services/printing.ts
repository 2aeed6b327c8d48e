import type { ImposterRecord } from "@mockctl/contract";
import { type PrintedImposter, type PrintForm, printImposter } from "@mockctl/core";
import type { Site } from "../env.ts";

export interface PrintFlags {
  form: PrintForm;
  removeProxies: boolean;
}

type Query = (name: string) => string | undefined;

/** Mountebank's isFlagSet: only the string "true", in any case, turns a flag on. */
const isSet = (value: string | undefined) => value?.toLowerCase() === "true";

/** GET /imposters: the list form unless either flag asks for stubs. */
export function listFlags(query: Query): PrintFlags {
  const replayable = isSet(query("replayable"));
  const removeProxies = isSet(query("removeProxies"));
  const form = replayable ? "replayable" : removeProxies ? "full" : "list";
  return { form, removeProxies };
}

/** GET and DELETE /imposters/:id. */
export function singleFlags(query: Query): PrintFlags {
  return {
    form: isSet(query("replayable")) ? "replayable" : "full",
    removeProxies: isSet(query("removeProxies")),
  };
}

/** DELETE /imposters defaults to replayable for backwards compatibility; only "false" turns it off. */
export function deleteAllFlags(query: Query): PrintFlags {
  const replayable = query("replayable")?.toLowerCase() !== "false";
  return { form: replayable ? "replayable" : "full", removeProxies: isSet(query("removeProxies")) };
}

export const FULL: PrintFlags = { form: "full", removeProxies: false };
export const LIST: PrintFlags = { form: "list", removeProxies: false };

/**
 * GET /imposters?overview=true (ours, for the dashboard's list): each imposter also says when it last
 * received a request (`lastActivity`, ISO time or null) and how many stubs it has (`stubCount`), so the
 * list needs one call and no stubs. Without the flag the answer is Mountebank's, unchanged.
 */
export const overviewFlag = (query: Query): boolean => isSet(query("overview"));

export function withOverview(printed: PrintedImposter, record: ImposterRecord): PrintedImposter {
  const overview = record.overview ?? { lastRequestAt: null, stubCount: record.imposter.stubs.length };
  return { ...printed, lastActivity: overview.lastRequestAt, stubCount: overview.stubCount };
}

export function print(site: Site, record: ImposterRecord, flags: PrintFlags): PrintedImposter {
  const { port } = record.imposter;
  return printImposter(record.imposter, record.state, {
    ...flags,
    origin: site.origin,
    url: site.hostedUrl(port),
  });
}
