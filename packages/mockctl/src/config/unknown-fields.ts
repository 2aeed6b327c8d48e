import { ImposterSchema, IsSchema, ResponseSchema, StubSchema, TEMPLATE_FIELD } from "@mockctl/core";

// mb ignores a field it does not know, so `predicatez` or `statusCod` deploy without a word and the stub
// quietly matches everything or answers 200. The known fields are the core's schemas', plus what mb's own
// saved files and answers carry (`requests`, `_links`, mb's older `_behaviors`…).
const KNOWN = {
  // `host` (the address mb listens on) and `endOfRequestResolver` (tcp) are mb's own, read though unused here.
  imposter: [
    ...Object.keys(ImposterSchema.shape),
    ...["host", "endOfRequestResolver", "requests", "numberOfRequests", "_links", "url"],
  ],
  stub: [...Object.keys(StubSchema.shape), "_links", "matches"],
  response: [...Object.keys(ResponseSchema.shape), "_behaviors", "_links"],
  // `_template` is ours (an eta template, @mockctl/core templates/), not a typo.
  is: [...Object.keys(IsSchema.shape), TEMPLATE_FIELD],
};

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** Levenshtein distance, capped: only near misses are worth a "did you mean". */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1]?.toLowerCase() === b[j - 1]?.toLowerCase() ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? Number.POSITIVE_INFINITY;
}

function unknownIn(where: string, value: unknown, known: string[]): string[] {
  const fields = record(value);
  if (fields === undefined) return [];
  return Object.keys(fields)
    .filter((key) => !known.includes(key))
    .map((key) => {
      // Short names are two edits from too much ('id' from 'ca'): a hint only for a likely typo.
      const near =
        key.length < 5 || key.startsWith("_") ? undefined : known.find((name) => distance(key, name) <= 2);
      const hint = near === undefined ? "" : `; did you mean '${near}'?`;
      return `${where} has a field Mountebank ignores: '${key}'${hint}`;
    });
}

/** Fields of an imposter as written (before the core upcasts it) that neither mb nor the platform reads. */
export function unknownFieldFindings(imposter: unknown): string[] {
  const found = [
    ...unknownIn("the imposter", imposter, KNOWN.imposter),
    ...unknownIn("its defaultResponse", record(imposter)?.defaultResponse, KNOWN.is),
  ];
  const stubs = record(imposter)?.stubs;
  if (!Array.isArray(stubs)) return found;
  stubs.forEach((stub, i) => {
    found.push(...unknownIn(`stub ${i}`, stub, KNOWN.stub));
    const responses = record(stub)?.responses;
    if (!Array.isArray(responses)) return;
    responses.forEach((response, j) => {
      found.push(...unknownIn(`stub ${i} response ${j}`, response, KNOWN.response));
      found.push(...unknownIn(`stub ${i} response ${j}'s is`, record(response)?.is, KNOWN.is));
    });
  });
  return found;
}
