import type { MbCase } from "./types.ts";
import { OK_RESPONSE } from "./types.ts";

const stub = { responses: [OK_RESPONSE] };
const indexError = {
  code: "bad data" as const,
  message: "'index' must be between 0 and the length of the stubs array",
};

/** The stub endpoints and PUT /imposters, against an imposter holding one stub. */
export const BODY_CASES: MbCase[] = [
  { name: "PUT stubs without stubs", call: "putStubs", body: {} },
  { name: "PUT stubs with an empty body", call: "putStubs", body: "" },
  ...[{}, null, "x"].map(
    (stubs): MbCase => ({
      name: `PUT stubs with stubs ${JSON.stringify(stubs)}`,
      call: "putStubs",
      body: { stubs },
    }),
  ),
  { name: "PUT stubs with a bad stub", call: "putStubs", body: { stubs: [stub, {}] } },
  { name: "PUT stubs with none", call: "putStubs", body: { stubs: [] } },
  {
    name: "PUT stubs upcasts",
    call: "putStubs",
    body: { stubs: [{ responses: [{ is: {}, _behaviors: { wait: -1 } }] }] },
  },
  { name: "PUT stubs with two stubs", call: "putStubs", body: { stubs: [stub, stub] } },
  { name: "POST stub without stub", call: "postStub", body: {} },
  { name: 'POST stub with index "0" and no stub', call: "postStub", body: { index: "0" } },
  ...[5, -1, null, 2].map(
    (index): MbCase => ({ name: `POST stub at index ${index}`, call: "postStub", body: { index, stub } }),
  ),
  { name: "POST stub at index 0.5", call: "postStub", body: { index: 0.5, stub }, ours: [indexError] },
  { name: "POST stub at index 0", call: "postStub", body: { index: 0, stub } },
  { name: "POST stub at the end", call: "postStub", body: { index: 1, stub } },
  { name: "POST stub without index", call: "postStub", body: { stub } },
  { name: "POST an empty stub", call: "postStub", body: { stub: {} } },
  { name: "POST a string stub", call: "postStub", body: { stub: "x" } },
  {
    name: "POST a null stub",
    call: "postStub",
    body: { stub: null },
    mbCrashes: true,
    ours: [{ code: "bad data", message: "'responses' must be a non-empty array", source: null }],
  },
  {
    name: "POST a stub with an injection",
    call: "postStub",
    body: { stub: { responses: [{ inject: "x" }] } },
  },
  ...["5", "1", "abc", "-1", "00", "0.0", " 0"].map(
    (stubIndex): MbCase => ({
      name: `PUT stub ${JSON.stringify(stubIndex)}`,
      call: "putStub",
      stubIndex,
      body: stub,
    }),
  ),
  { name: "PUT stub 0 with an empty stub", call: "putStub", stubIndex: "0", body: {} },
  { name: "PUT stub 0", call: "putStub", stubIndex: "0", body: stub },
  ...["1", "x", "00"].map(
    (stubIndex): MbCase => ({
      name: `DELETE stub ${JSON.stringify(stubIndex)}`,
      call: "deleteStub",
      stubIndex,
      body: "",
    }),
  ),
  { name: "DELETE stub 0", call: "deleteStub", stubIndex: "0", body: "" },
  { name: "PUT imposters without imposters", call: "putImposters", body: {} },
  { name: "PUT imposters with null", call: "putImposters", body: { imposters: null } },
  {
    name: "PUT imposters with an object",
    call: "putImposters",
    body: { imposters: {} },
    mbCrashes: true,
    ours: [{ code: "bad data", message: "'imposters' must be an array" }],
  },
  {
    name: "PUT imposters reports every imposter's errors",
    call: "putImposters",
    body: { imposters: [{ protocol: "http" }, { protocol: "nope" }, {}, { protocol: "http", stubs: [{}] }] },
  },
  {
    name: "PUT imposters",
    call: "putImposters",
    body: { imposters: [{ protocol: "http", port: 2617, stubs: [stub] }, { protocol: "https" }] },
  },
];
