import { describe, expect, it } from "vitest";
import { testRequest } from "../../test/behaviors/test-request.ts";
import { createRequestView } from "../request/view.ts";
import type { FieldTarget } from "./constraints.ts";
import { RequestScan } from "./request-scan.ts";

const scanOf = (headers: Record<string, string>, query: Record<string, string | string[]>) =>
  new RequestScan(createRequestView(testRequest({ headers, query })));

const header = (name: string, keyFold = true): FieldTarget => ({ kind: "headers", name, keyFold });
const query = (name: string, keyFold = true): FieldTarget => ({ kind: "query", name, keyFold });

describe("RequestScan.fieldTexts", () => {
  const scan = () =>
    scanOf({ "X-Tenant": "Tenant-7", "x-tenant": "tenant-8" }, { page: "2", q: ["A", "b"], Sort: "Asc" });

  it.each<[string, FieldTarget, boolean, string | string[] | undefined]>([
    ["a missing header reads as ''", header("x-mode"), true, ""],
    ["a folded name's last value, folded, as a string", header("x-tenant"), true, "tenant-8"],
    ["every name that folds alike, unfolded values", header("x-tenant"), false, ["Tenant-7", "tenant-8"]],
    ["a name compared as written", header("X-Tenant", false), false, "Tenant-7"],
    ["a missing query name reads as ''", query("absent"), true, ""],
    ["a single query value", query("page"), true, "2"],
    ["a repeated query name, every value folded", query("q"), true, ["a", "b"]],
    ["a repeated query name as written", query("q", false), false, ["A", "b"]],
    ["a query name folded, its value not", query("sort"), false, "Asc"],
  ])("%s", (_, target, fold, expected) => {
    expect(scan().fieldTexts(target, fold)).toEqual(expected);
  });
});
